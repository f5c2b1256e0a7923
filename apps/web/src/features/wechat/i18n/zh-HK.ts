import type { WechatMessages } from './strings.ts';

/** 微信綁定（對話框與帳戶卡片）的介面文字，繁體中文（香港）。 */
export const wechatZhHK = {
  wechat: {
    dialog: {
      title: '綁定微信',
      stepScan: '掃碼',
      stepCode: '輸入驗證碼',
      stepDone: '綁定完成',
      scanHint: '請用微信掃描二維碼並關注公眾號，公眾號會向您發送驗證碼。',
      qrLabel: '綁定微信的二維碼',
      loading: '正在取得二維碼…',
      scanned: '掃碼成功',
      scannedHint: '公眾號正在透過微信向您發送驗證碼。',
      codeLabel: '微信驗證碼',
      codeHint: '請輸入公眾號在微信中發給您的驗證碼。',
      submit: '綁定',
      bound: '綁定成功',
      boundAs: '您的帳號已綁定微信「{{name}}」。',
      firstGreeting: '歡迎！今後驗證碼和通知可以發送到您的微信。',
      done: '完成',
      retrying: '{{seconds}} 秒後重試…',
    },
    card: {
      title: '微信',
      notBound: '尚未綁定微信。綁定後可在微信中接收驗證碼和通知。',
      boundAs: '已綁定「{{name}}」',
      since: '綁定於 {{date}}',
      bind: '綁定微信',
      unbind: '解除綁定',
      confirmTitle: '解除微信綁定？',
      confirmContent: '解除後，驗證碼和通知將不再發送到該微信號。您可以隨時重新綁定。',
      unbound: '已解除微信綁定',
    },
  },
} as const satisfies WechatMessages;
