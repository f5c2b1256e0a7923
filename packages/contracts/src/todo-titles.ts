import type { Locale } from './locales.ts';
import type { TodoKind } from './workflow.ts';

/**
 * Titles of to-do items (modules/workflow), one per kind, in each locale. The server renders them in
 * the reader's locale (translate('todos.<kind>')) and the browser shows them as sent, so they live
 * here rather than in messages/{locale}.ts, which the web app downloads.
 */
export const TODO_TITLES = {
  'zh-CN': {
    certificationReview: '{{name}}提交了{{role}}认证申请',
    memberReview: '{{name}}申请以{{role}}身份加入{{org}}',
    demandReview: '{{org}}提交了需求“{{title}}”，待审核',
    demandRejected: '您的需求“{{title}}”未通过审核，请修改后重新提交',
    solutionReview: '{{institute}}为“{{title}}”提交了方案',
    solutionDeclined: '您为“{{title}}”提交的方案未被采纳',
    cooperationStarted: '“{{title}}”已与{{partner}}开始合作',
    wishResponse: '{{institute}}响应了您的合作意愿“{{title}}”',
    jobApplication: '{{name}}申请了职位“{{title}}”',
    jobInterview: '{{org}}邀请您参加“{{title}}”的面试',
    jobOffer: '{{org}}向您发出了“{{title}}”的录用通知',
    jobRejected: '您申请的“{{title}}”（{{org}}）未通过',
    researchApply: '{{name}}申请加入“{{title}}”',
    researchInvite: '{{owner}}邀请您加入“{{title}}”',
    researchOutcomeReview: '“{{title}}”的阶段“{{phase}}”提交了成果，待审核',
    researchOutcomeRevision: '“{{title}}”的阶段“{{phase}}”的成果需要修改',
    researchQuestion: '“{{title}}”有新的研究问题“{{question}}”待解答',
    researchAnswerReview: '{{name}}解答了“{{title}}”的问题“{{question}}”，待审核',
    researchAnswerReturned: '您对“{{title}}”的问题“{{question}}”的解答被退回，请修改后重新提交',
  },
  'zh-HK': {
    certificationReview: '{{name}}提交了{{role}}認證申請',
    memberReview: '{{name}}申請以{{role}}身份加入{{org}}',
    demandReview: '{{org}}提交了需求「{{title}}」，待審核',
    demandRejected: '您的需求「{{title}}」未通過審核，請修改後重新提交',
    solutionReview: '{{institute}}為「{{title}}」提交了方案',
    solutionDeclined: '您為「{{title}}」提交的方案未獲採納',
    cooperationStarted: '「{{title}}」已與{{partner}}開始合作',
    wishResponse: '{{institute}}回應了您的合作意願「{{title}}」',
    jobApplication: '{{name}}申請了職位「{{title}}」',
    jobInterview: '{{org}}邀請您參加「{{title}}」的面試',
    jobOffer: '{{org}}向您發出了「{{title}}」的錄用通知',
    jobRejected: '您申請的「{{title}}」（{{org}}）未獲錄用',
    researchApply: '{{name}}申請加入「{{title}}」',
    researchInvite: '{{owner}}邀請您加入「{{title}}」',
    researchOutcomeReview: '「{{title}}」的階段「{{phase}}」提交了成果，待審核',
    researchOutcomeRevision: '「{{title}}」的階段「{{phase}}」的成果需要修改',
    researchQuestion: '「{{title}}」有新的研究問題「{{question}}」待解答',
    researchAnswerReview: '{{name}}解答了「{{title}}」的問題「{{question}}」，待審核',
    researchAnswerReturned: '您對「{{title}}」的問題「{{question}}」的解答被退回，請修改後重新提交',
  },
  'en-US': {
    certificationReview: '{{name}} applied for {{role}} certification',
    memberReview: '{{name}} asks to join {{org}} as {{role}}',
    demandReview: '{{org}} submitted the demand "{{title}}" for review',
    demandRejected: 'Your demand "{{title}}" was not approved; revise and resubmit it',
    solutionReview: '{{institute}} submitted a solution to "{{title}}"',
    solutionDeclined: 'Your solution to "{{title}}" was declined',
    cooperationStarted: 'Cooperation on "{{title}}" started with {{partner}}',
    wishResponse: '{{institute}} responded to your cooperation wish "{{title}}"',
    jobApplication: '{{name}} applied for the job "{{title}}"',
    jobInterview: '{{org}} invites you to an interview for "{{title}}"',
    jobOffer: '{{org}} made you an offer for "{{title}}"',
    jobRejected: 'Your application for "{{title}}" at {{org}} was not successful',
    researchApply: '{{name}} applied to join "{{title}}"',
    researchInvite: '{{owner}} invited you to join "{{title}}"',
    researchOutcomeReview: 'An outcome of phase "{{phase}}" of "{{title}}" awaits review',
    researchOutcomeRevision: 'The outcome of phase "{{phase}}" of "{{title}}" needs revision',
    researchQuestion: 'A new research question "{{question}}" of "{{title}}" awaits your answer',
    researchAnswerReview: '{{name}} answered the question "{{question}}" of "{{title}}"; it awaits review',
    researchAnswerReturned:
      'Your answer to the question "{{question}}" of "{{title}}" was returned; please revise and resubmit',
  },
} as const satisfies Record<Locale, Record<TodoKind, string>>;
