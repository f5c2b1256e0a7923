import type { InvitationMessages } from './strings.ts';

/** 邀請頁面的介面文字（繁體中文）。 */
export const invitationZhHK = {
  invitation: {
    invites: '{{inviter}}邀請您加入',
    someone: '數橋成員',
    expires: '此連結有效期至{{date}}。',
    signInHint: '登入或註冊帳戶後即可接受邀請。',
    signIn: '登入並接受',
    signUp: '註冊帳戶',
    accept: '接受邀請並加入',
    accepted: '歡迎加入{{org}}',
    acceptedRole: '您已獲得{{role}}身份，並透過此邀請完成認證。',
    acceptedKept: '您已成為成員，身份仍為{{role}}。',
    workspace: '進入工作台',
    account: '查看我的機構',
    home: '返回首頁',
    unusable: '此邀請已無法使用',
    notFound: '邀請連結不存在，請確認複製了完整的連結。',
    failed: '未能接受邀請',
  },
} as const satisfies InvitationMessages;
