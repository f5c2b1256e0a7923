import type { OnboardingMessages } from './strings.ts';

export const onboardingZhCN = {
  onboarding: {
    title: '新手引导',
    welcome: '欢迎来到数桥，{{name}}',
    welcomeAnonymous: '欢迎来到数桥',
    subtitle: '四个步骤，带您从新账户走到第一项工作。每一步都说明其含义以及在哪里完成。',
    progress: '已完成 {{done}} / {{total}} 步',
    progressLabel: '引导进度',
    states: {
      done: '已完成',
      current: '下一步',
      todo: '待完成',
      waiting: '审核中',
    },
    steps: {
      account: {
        title: '完善账户信息',
        text: '填写真实姓名和联系方式，让合作机构和审核人员知道您是谁。',
        action: '完善账户信息',
        edit: '修改账户信息',
      },
      identity: {
        title: '选择身份',
        text: '企业、科研院所、专家或学生：身份决定您在平台上能做什么。',
        action: '选择身份',
        chosen: '您的身份：{{role}}',
      },
      certification: {
        title: '完成认证',
        text: '提交所选身份的认证表单及证明材料，由管理员审核；通过后即可进入工作台。',
        action: '填写认证表单',
        needsIdentity: '请先选择身份。',
        pending: '审核中。管理员正在审核您的申请，结果会通知您，期间无需操作。',
        pendingAction: '查看我的申请',
        rejected: '您的申请未通过。请打开申请查看原因，修改后重新提交。',
        rejectedAction: '修改并重新提交',
        approved: '已认证',
      },
      first_action: {
        title: '开始第一项工作',
        text: '与您身份相符的第一项实际工作，在工作台中完成。',
        needsCertification: '认证通过后可用。',
        keys: {
          demand: {
            text: '发布您的第一个需求：描述一个可以用数学解决的产业问题。',
            action: '发布需求',
          },
          solution: {
            text: '浏览已发布的需求，承接一个贵单位能够给出解决方案的需求。',
            action: '浏览需求',
          },
          join_subject: {
            text: '在课题池中加入一个科研院所的研究课题。',
            action: '浏览课题',
          },
          join_direction: {
            text: '在方向池中加入一位专家带领的研究方向。',
            action: '浏览研究方向',
          },
        },
        fallback: '打开工作台开始工作。',
        fallbackAction: '进入工作台',
      },
    },
    allDone: {
      title: '一切就绪',
      text: '账户信息已完善，身份已认证，第一项工作也已完成。其余功能都在工作台中。',
      action: '进入工作台',
    },
    admin: {
      title: '您是管理员',
      text: '管理员无需认证身份，工作台已为您开放。您可以在工作台审核认证与需求，并管理门户内容。',
      workspace: '工作台',
      content: '内容管理',
      todos: '待办事项',
      logs: '操作日志',
    },
    manual: {
      title: '用户手册',
      subtitle: '适用于您的身份及所有用户的帮助页面。',
      forAll: '所有用户',
      updated: '更新于 {{date}}',
      emptyTitle: '暂无手册页面',
      emptyIntro: '管理员尚未编写手册页面。简要说明如下：',
      builtin: {
        account: '在“账户中心 → 个人信息”中保持账户信息完整（真实姓名、联系方式）。',
        identity: '在认证页面选择一个身份并提交认证表单，由管理员审核。',
        workspace: '认证通过后，点击顶部的“工作台”按钮进入工作台，菜单中列出您的身份可以使用的功能。',
        todos: '需要您处理的事项（审批、邀请、答复）会出现在待办事项和铃铛中。',
        help: '有疑问？请使用“服务”页面上的咨询表单。',
      },
    },
  },
} satisfies OnboardingMessages;
