import type { PortalMessages } from './strings.ts';

/** 首页（/start）的界面文字，简体中文。 */
export const portalZhCN = {
  start: {
    heroEyebrow: '数学 × 产业',
    heroTitle: '让数学的力量，解决产业的难题',
    heroSubtitle: '数桥连接面临量化难题的企业与数学家、科研院所和学生——从发布需求到成果落地，全流程在一个平台上完成。',
    ctaSignUp: '免费注册',
    ctaHow: '了解合作流程',
    ctaWorkspace: '进入工作台',
    ctaCertify: '去认证身份',
    heroPoint1: '身份实名认证',
    heroPoint2: '需求平台审核',
    heroPoint3: '合作全程管理',
    diagram: {
      label: '企业的需求经由数桥抵达数学家，解决方案再回到企业。',
      enterprise: '企业',
      experts: '数学家',
      demand: '需求',
      solution: '方案',
    },
    domainsTitle: '数学每天都在解决的问题',
    domainsSubtitle: '企业在平台上提出的典型需求',
    domains: {
      optimization: {
        title: '优化与调度',
        text: '路径规划、生产排程、人员排班与资源配置，在真实约束下求得最优。',
      },
      forecasting: {
        title: '预测与统计',
        text: '需求预测、质量控制、试验设计与因果分析。',
      },
      risk: {
        title: '风险与量化金融',
        text: '定价、信用评分、组合风险与压力测试，模型有据可依。',
      },
      simulation: {
        title: '建模与仿真',
        text: '微分方程建模、数值模拟，以及物理过程的数字孪生。',
      },
      algorithms: {
        title: '算法与机器学习',
        text: '有理论保证的模型、信号与图像处理、图与网络分析。',
      },
      security: {
        title: '密码与编码',
        text: '加密方案、纠错编码与隐私保护计算。',
      },
    },
    howTitle: '合作流程',
    howSubtitle: '从业务问题到可用成果，只需三步',
    steps: {
      demand: {
        title: '发布需求',
        text: '企业描述问题、现有数据与期望成果，需求经平台审核后发布。',
      },
      solution: {
        title: '征集方案',
        text: '科研院所研究需求并提交解决方案，企业比较后选定最合适的一份。',
      },
      cooperation: {
        title: '开展合作',
        text: '科研院所以课题形式组织专家与学生开展工作，在工作台中共享计划、文件与成果。',
      },
    },
    identitiesTitle: '四种身份，一个平台',
    identitiesSubtitle: '认证适合您的身份，即可开通专属工作台',
    identity: {
      enterprise: {
        title: '企业',
        text: '提出业务中的量化难题，找到合适的专家来解决。',
        p1: '发布需求与合作意愿',
        p2: '比较并采纳解决方案',
        p3: '招聘量化人才',
      },
      researchinstitute: {
        title: '科研院所',
        text: '把产业需求转化为有支持的研究，与团队一起交付方案。',
        p1: '承接需求并提交方案',
        p2: '与专家共同开展课题',
        p3: '共享文件、跟踪成果',
      },
      specialist: {
        title: '专家',
        text: '把专业所长用于真实问题，加入课题、主持研究方向。',
        p1: '从课题库加入课题',
        p2: '主持研究方向',
        p3: '指导学生开展研究',
      },
      student: {
        title: '学生',
        text: '在专家指导下研究真实问题，积累科研与实践经历。',
        p1: '加入研究方向',
        p2: '攻关研究问题',
        p3: '获取实习与工作机会',
      },
    },
    learnMore: '了解详情',
    trustTitle: '为什么选择数桥',
    trust: {
      verified: {
        title: '参与方实名认证',
        text: '每个机构与专家都需认证身份，经平台审核后方可发布或承接工作。',
      },
      workspace: {
        title: '一个工作台管理整个项目',
        text: '需求、方案、课题、研究方向、待办与共享文件集中管理，并可按成员设置权限。',
      },
      languages: {
        title: '服务两岸三地与国际团队',
        text: '全面支持简体中文、繁体中文与 English，每位合作伙伴都能使用熟悉的语言。',
      },
    },
    ctaTitle: '有需要数学来解决的问题吗？',
    ctaText: '一分钟免费注册，认证身份后即可开始合作。',
    ctaSignIn: '已有账号，去登录',
  },
} as const satisfies PortalMessages;
