import type { AccountMessages } from '../features/account/i18n/strings.ts';
import type { ContentMessages } from '../features/content/i18n/strings.ts';
import type { AuditLogMessages } from '../features/audit-log/i18n/strings.ts';
import type { DemandsMessages } from '../features/demands/i18n/strings.ts';
import type { FilesMessages } from '../features/files/i18n/strings.ts';
import type { IdentityMessages } from '../features/identity/i18n/strings.ts';
import type { InvitationMessages } from '../features/invitation/i18n/strings.ts';
import type { JobsMessages } from '../features/jobs/i18n/strings.ts';
import type { MicrositeMessages } from '../features/microsite/i18n/strings.ts';
import type { MembersMessages } from '../features/members/i18n/strings.ts';
import type { OnboardingMessages } from '../features/onboarding/i18n/strings.ts';
import type { PortalMessages } from '../features/portal/i18n/strings.ts';
import type { QuestionsMessages } from '../features/questions/i18n/strings.ts';
import type { ResearchMessages } from '../features/research/i18n/strings.ts';
import type { NotebooksMessages } from '../features/notebooks/i18n/strings.ts';
import type { UtilitiesMessages } from '../features/utilities/i18n/strings.ts';
import type { WishesMessages } from '../features/wishes/i18n/strings.ts';
import type { WechatMessages } from '../features/wechat/i18n/strings.ts';
import type { WorkspaceMessages } from '../features/workspace/i18n/strings.ts';
import type { NotificationsMessages } from '../features/notifications/i18n/strings.ts';

/**
 * Strings that features ship and load on their own (features/<name>/i18n/strings.ts, see
 * defineStringBundle in i18n.ts), typed here so their keys are checked like the rest.
 */
export type FeatureMessages = IdentityMessages &
  WorkspaceMessages &
  MembersMessages &
  InvitationMessages &
  AuditLogMessages &
  FilesMessages &
  DemandsMessages &
  WishesMessages &
  JobsMessages &
  PortalMessages &
  ResearchMessages &
  QuestionsMessages &
  AccountMessages &
  ContentMessages &
  OnboardingMessages &
  MicrositeMessages &
  UtilitiesMessages &
  NotebooksMessages &
  WechatMessages &
  NotificationsMessages;
