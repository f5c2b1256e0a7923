import type { OnboardingMessages } from './strings.ts';

export const onboardingZhHK = {
  onboarding: {
    title: '新手指引',
    welcome: '歡迎來到數橋，{{name}}',
    welcomeAnonymous: '歡迎來到數橋',
    subtitle: '四個步驟，帶您從新帳戶走到第一項工作。每一步都說明其含義以及在哪裏完成。',
    progress: '已完成 {{done}} / {{total}} 步',
    progressLabel: '指引進度',
    states: {
      done: '已完成',
      current: '下一步',
      todo: '待完成',
      waiting: '審核中',
    },
    steps: {
      account: {
        title: '完善帳戶資料',
        text: '填寫真實姓名和聯絡方式，讓合作機構和審核人員知道您是誰。',
        action: '完善帳戶資料',
        edit: '修改帳戶資料',
      },
      identity: {
        title: '選擇身份',
        text: '企業、科研院所、專家或學生：身份決定您在平台上能做甚麼。',
        action: '選擇身份',
        chosen: '您的身份：{{role}}',
      },
      certification: {
        title: '完成認證',
        text: '提交所選身份的認證表格及證明文件，由管理員審核；通過後即可進入工作台。',
        action: '填寫認證表格',
        needsIdentity: '請先選擇身份。',
        pending: '審核中。管理員正在審核您的申請，結果會通知您，期間無需操作。',
        pendingAction: '查看我的申請',
        rejected: '您的申請未獲通過。請打開申請查看原因，修改後重新提交。',
        rejectedAction: '修改並重新提交',
        approved: '已認證',
      },
      first_action: {
        title: '開始第一項工作',
        text: '與您身份相符的第一項實際工作，在工作台中完成。',
        needsCertification: '認證通過後可用。',
        keys: {
          demand: {
            text: '發佈您的第一個需求：描述一個可以用數學解決的產業問題。',
            action: '發佈需求',
          },
          solution: {
            text: '瀏覽已發佈的需求，承接一個貴單位能夠提出解決方案的需求。',
            action: '瀏覽需求',
          },
          join_subject: {
            text: '在課題池中加入一個科研院所的研究課題。',
            action: '瀏覽課題',
          },
          join_direction: {
            text: '在方向池中加入一位專家帶領的研究方向。',
            action: '瀏覽研究方向',
          },
        },
        fallback: '打開工作台開始工作。',
        fallbackAction: '進入工作台',
      },
    },
    allDone: {
      title: '一切就緒',
      text: '帳戶資料已完善，身份已認證，第一項工作也已完成。其餘功能都在工作台中。',
      action: '進入工作台',
    },
    admin: {
      title: '您是管理員',
      text: '管理員無需認證身份，工作台已為您開放。您可以在工作台審核認證與需求，並管理門戶內容。',
      workspace: '工作台',
      content: '內容管理',
      todos: '待辦事項',
      logs: '操作日誌',
    },
    manual: {
      title: '用戶手冊',
      subtitle: '適用於您的身份及所有用戶的說明頁面。',
      forAll: '所有用戶',
      updated: '更新於 {{date}}',
      emptyTitle: '暫無手冊頁面',
      emptyIntro: '管理員尚未編寫手冊頁面。簡要說明如下：',
      builtin: {
        account: '在「帳戶中心 → 個人資料」中保持帳戶資料完整（真實姓名、聯絡方式）。',
        identity: '在認證頁面選擇一個身份並提交認證表格，由管理員審核。',
        workspace: '認證通過後，點擊頂部的「工作台」按鈕進入工作台，選單中列出您的身份可以使用的功能。',
        todos: '需要您處理的事項（審批、邀請、回覆）會出現在待辦事項和鈴鐺中。',
        help: '有疑問？請使用「服務」頁面上的諮詢表格。',
      },
    },
  },
} satisfies OnboardingMessages;
