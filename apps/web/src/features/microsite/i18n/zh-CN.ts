import type { MicrositeMessages } from './strings.ts';

export const micrositeZhCN = {
  microsite: {
    siteName: '数桥研究院',
    tagline: '数桥平台的运营机构：我们的团队与研究。',
    navLabel: '研究院页面',
    pages: {
      home: '首页',
      team: '团队',
      research: '研究',
    },
    updated: '更新于 {{date}}',
    empty: {
      title: '页面正在撰写中',
      text: '研究院尚未发布“{{page}}”页面，请稍后再来，或先看看其他页面。',
      backToPlatform: '返回数桥',
      edit: '撰写此页面',
    },
    loadFailed: '页面加载失败。',
  },
} satisfies MicrositeMessages;
