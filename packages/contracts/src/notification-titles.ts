import type { Locale } from './locales.ts';

/**
 * Titles of notifications (modules/notifications), one per kind, in each locale. As with to-do
 * titles, the server stores a kind and its parameters and renders the title in the reader's locale
 * when it is read (translate('notifications.<kind>')), so these live beside TODO_TITLES rather than
 * in messages/{locale}.ts, which the web app downloads. Parameters named `role`, `state` and
 * `reason` are product words, translated from their own catalog (notifications.ts).
 */
export const NOTIFICATION_TITLES = {
  'zh-CN': {
    certificationApproved: '您的{{role}}认证已通过审核',
    certificationRejected: '您的{{role}}认证未通过审核',
    demandApproved: '您的需求“{{title}}”已通过审核并发布',
    demandRejected: '您的需求“{{title}}”未通过审核',
    solutionReceived: '{{institute}}为您的需求“{{title}}”提交了方案',
    solutionAccepted: '您为“{{title}}”提交的方案已被采纳',
    solutionDeclined: '您为“{{title}}”提交的方案未被采纳，原因：{{reason}}',
    applicationMoved: '您申请的职位“{{title}}”（{{org}}）状态变为：{{state}}',
    applicationRejected: '您申请的职位“{{title}}”（{{org}}）未通过，原因：{{reason}}',
    memberJoined: '{{name}}已加入{{org}}',
    memberClaimApproved: '{{org}}已确认您是其成员',
    memberClaimRejected: '{{org}}未确认您的成员身份',
    researchMemberJoined: '{{name}}已加入“{{title}}”',
    researchApplyApproved: '您加入“{{title}}”的申请已通过',
    researchApplyRefused: '您加入“{{title}}”的申请未通过，原因：{{note}}',
    phaseReviewed: '“{{title}}”的阶段“{{phase}}”的成果：{{state}}',
    wishResponded: '{{institute}}响应了您的合作意愿“{{title}}”',
    notebookAccepted: '您投稿的笔记本“{{title}}”已被成果区收录',
    notebookRejected: '您投稿的笔记本“{{title}}”未被成果区收录',
  },
  'zh-HK': {
    certificationApproved: '您的{{role}}認證已通過審核',
    certificationRejected: '您的{{role}}認證未通過審核',
    demandApproved: '您的需求「{{title}}」已通過審核並發佈',
    demandRejected: '您的需求「{{title}}」未通過審核',
    solutionReceived: '{{institute}}為您的需求「{{title}}」提交了方案',
    solutionAccepted: '您為「{{title}}」提交的方案已獲採納',
    solutionDeclined: '您為「{{title}}」提交的方案未獲採納，原因：{{reason}}',
    applicationMoved: '您申請的職位「{{title}}」（{{org}}）狀態變為：{{state}}',
    applicationRejected: '您申請的職位「{{title}}」（{{org}}）未獲錄用，原因：{{reason}}',
    memberJoined: '{{name}}已加入{{org}}',
    memberClaimApproved: '{{org}}已確認您是其成員',
    memberClaimRejected: '{{org}}未確認您的成員身份',
    researchMemberJoined: '{{name}}已加入「{{title}}」',
    researchApplyApproved: '您加入「{{title}}」的申請已通過',
    researchApplyRefused: '您加入「{{title}}」的申請未獲通過，原因：{{note}}',
    phaseReviewed: '「{{title}}」的階段「{{phase}}」的成果：{{state}}',
    wishResponded: '{{institute}}回應了您的合作意願「{{title}}」',
    notebookAccepted: '您投稿的筆記本「{{title}}」已獲成果區收錄',
    notebookRejected: '您投稿的筆記本「{{title}}」未獲成果區收錄',
  },
  'en-US': {
    certificationApproved: 'Your {{role}} certification was approved',
    certificationRejected: 'Your {{role}} certification was not approved',
    demandApproved: 'Your demand "{{title}}" was approved and published',
    demandRejected: 'Your demand "{{title}}" was not approved',
    solutionReceived: '{{institute}} submitted a solution to your demand "{{title}}"',
    solutionAccepted: 'Your solution to "{{title}}" was accepted',
    solutionDeclined: 'Your solution to "{{title}}" was declined: {{reason}}',
    applicationMoved: 'Your application for "{{title}}" at {{org}} is now: {{state}}',
    applicationRejected: 'Your application for "{{title}}" at {{org}} was not successful: {{reason}}',
    memberJoined: '{{name}} joined {{org}}',
    memberClaimApproved: '{{org}} confirmed you as a member',
    memberClaimRejected: '{{org}} did not confirm you as a member',
    researchMemberJoined: '{{name}} joined "{{title}}"',
    researchApplyApproved: 'Your application to join "{{title}}" was approved',
    researchApplyRefused: 'Your application to join "{{title}}" was refused: {{note}}',
    phaseReviewed: 'The outcome of phase "{{phase}}" of "{{title}}": {{state}}',
    wishResponded: '{{institute}} responded to your cooperation wish "{{title}}"',
    notebookAccepted: 'Your notebook "{{title}}" was accepted into the achievement area',
    notebookRejected: 'Your notebook "{{title}}" was not accepted into the achievement area',
  },
} as const satisfies Record<Locale, Record<string, string>>;
