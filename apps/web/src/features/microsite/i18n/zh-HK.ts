import type { MicrositeMessages } from './strings.ts';

export const micrositeZhHK = {
  microsite: {
    siteName: '數橋研究院',
    tagline: '數橋平台的營運機構：我們的團隊與研究。',
    navLabel: '研究院頁面',
    pages: {
      home: '首頁',
      team: '團隊',
      research: '研究',
    },
    updated: '更新於 {{date}}',
    empty: {
      title: '頁面正在撰寫中',
      text: '研究院尚未發佈「{{page}}」頁面，請稍後再來，或先看看其他頁面。',
      backToPlatform: '返回數橋',
      edit: '撰寫此頁面',
    },
    loadFailed: '頁面載入失敗。',
  },
} satisfies MicrositeMessages;
