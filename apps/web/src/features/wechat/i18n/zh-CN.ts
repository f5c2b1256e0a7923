import type { WechatMessages } from './strings.ts';

/** 微信绑定（对话框与账户卡片）的界面文字，简体中文。 */
export const wechatZhCN = {
  wechat: {
    dialog: {
      title: '绑定微信',
      stepScan: '扫码',
      stepCode: '输入验证码',
      stepDone: '绑定完成',
      scanHint: '请用微信扫描二维码并关注公众号，公众号会向您发送验证码。',
      qrLabel: '绑定微信的二维码',
      loading: '正在获取二维码…',
      scanned: '扫码成功',
      scannedHint: '公众号正在通过微信向您发送验证码。',
      codeLabel: '微信验证码',
      codeHint: '请输入公众号在微信中发给您的验证码。',
      submit: '绑定',
      bound: '绑定成功',
      boundAs: '您的账号已绑定微信“{{name}}”。',
      firstGreeting: '欢迎！今后验证码和通知可以发送到您的微信。',
      done: '完成',
      retrying: '{{seconds}} 秒后重试…',
    },
    card: {
      title: '微信',
      notBound: '尚未绑定微信。绑定后可在微信中接收验证码和通知。',
      boundAs: '已绑定“{{name}}”',
      since: '绑定于 {{date}}',
      bind: '绑定微信',
      unbind: '解除绑定',
      confirmTitle: '解除微信绑定？',
      confirmContent: '解除后，验证码和通知将不再发送到该微信号。您可以随时重新绑定。',
      unbound: '已解除微信绑定',
    },
  },
} as const satisfies WechatMessages;
