import type { InvitationMessages } from './strings.ts';

/** 邀请页面的界面文字（简体中文）。 */
export const invitationZhCN = {
  invitation: {
    invites: '{{inviter}}邀请您加入',
    someone: '数桥成员',
    expires: '此链接有效期至{{date}}。',
    signInHint: '登录或注册账号后即可接受邀请。',
    signIn: '登录并接受',
    signUp: '注册账号',
    accept: '接受邀请并加入',
    accepted: '欢迎加入{{org}}',
    acceptedRole: '您已获得{{role}}身份，并通过此邀请完成认证。',
    acceptedKept: '您已成为成员，身份仍为{{role}}。',
    workspace: '进入工作台',
    account: '查看我的机构',
    home: '返回首页',
    unusable: '此邀请已无法使用',
    notFound: '邀请链接不存在，请确认复制了完整的链接。',
    failed: '未能接受邀请',
  },
} as const satisfies InvitationMessages;
