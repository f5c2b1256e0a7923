import { RESEARCH_PERMISSIONS, type ResearchKind, type ResearchPermission } from '@mathbridge/contracts/research';
import type { ResearchMemberRow, ResearchProjectRow } from '../../db/types.ts';
import { definePolicy } from '../../lib/policy.ts';
import { permissionsOf } from './research.presenter.ts';

/**
 * Who may do what in research (DESIGN §9, §19): projects (subjects and directions) and their
 * detail, memberships (apply, invite, answer an invitation, leave, manage), phases and outcomes,
 * research questions and answers, the deliverables zip, and the demand → solution → subject link.
 * The owner (its creator, or anyone of its certified owning organisation) may do everything; a
 * member what their permission set holds; admins read, never act. The services load the actor
 * (research-access.service.ts) and ask these rules.
 */

/** The caller's open membership (applied, invited or member) as the rules read it. */
type Membership = Pick<ResearchMemberRow, 'status' | 'permissions' | 'nda_accepted_at'>;

/** Who acts on one project, as research-access.service.ts loads them. */
export interface ResearchActor {
  userId: number;
  admin: boolean;
  /** The user's certified organisation, loaded for an organisation's project; null otherwise. */
  orgId: number | null;
  /** Their open membership of the project; never loaded for its owner. */
  membership: Membership | undefined;
  /**
   * What the pool shows them, loaded where a stranger's view decides (detail, apply): whether
   * their roles use the pool of the project's kind, and whether its group range names them.
   */
  pool?: { section: boolean; designee: boolean };
}

type Project = Pick<
  ResearchProjectRow,
  'kind' | 'owner_user_id' | 'owner_org_id' | 'status' | 'publish_range' | 'confidential'
>;
type Owned = Pick<ResearchProjectRow, 'owner_user_id' | 'owner_org_id'>;

/** A certified person as the joining rules read them. */
interface Person {
  id: number;
  role: string;
}

/** A user named as an assignee: whether they are a member (status member) of the project. */
interface Candidate {
  userId: number;
  member: boolean;
}

/** Certified people who may join (be invited to, be named by) a project of a kind. */
const JOINER_ROLES: Record<ResearchKind, readonly string[]> = {
  subject: ['Specialist'],
  direction: ['Student', 'Specialist'],
};

const owns = (actor: Pick<ResearchActor, 'userId' | 'orgId'>, project: Owned): boolean =>
  project.owner_user_id === actor.userId || (project.owner_org_id !== null && project.owner_org_id === actor.orgId);

const isMember = (actor: ResearchActor): boolean => actor.membership?.status === 'member';

/** The owner holds every permission; a member (status member) those of their set. */
const holds =
  (permission: ResearchPermission) =>
  (actor: ResearchActor, project: Owned): boolean =>
    owns(actor, project) ||
    (actor.membership?.status === 'member' && permissionsOf(actor.membership).includes(permission));

/** The owner, members and admins read a project's working parts (phases, deliverables). */
const reads = (actor: ResearchActor, project: Owned): boolean => owns(actor, project) || actor.admin || isMember(actor);

/** A pool shows a project that is neither a draft nor closed, public or naming the viewer, to the pool's roles. */
const shownInPool = (actor: ResearchActor, project: Project): boolean =>
  actor.pool !== undefined &&
  actor.pool.section &&
  project.status !== 'draft' &&
  project.status !== 'closed' &&
  (project.publish_range === 'public' || actor.pool.designee);

const joins = (person: Pick<Person, 'role'>, project: Pick<Project, 'kind'>): boolean =>
  JOINER_ROLES[project.kind as ResearchKind].includes(person.role);

const assigned = (actor: ResearchActor, question: { assignees: readonly { user_id: number }[] }): boolean =>
  question.assignees.some((a) => a.user_id === actor.userId);

const reviewsWork = holds('review_outcome');

export const researchPolicy = definePolicy({
  /* projects */
  /** Being the project's owner (the detail's is_owner; every owner-only call). */
  own: owns,
  /** Edit the project (its draft, or a running project's fields). */
  edit: owns,
  /** Commit, pause, resume, start, conclude or close the project. */
  changeState: owns,
  /** See the project's detail: the owner, anyone with an open membership, admins, and whom the pool shows it to. */
  see: (actor: ResearchActor, project: Project) =>
    owns(actor, project) || actor.admin || actor.membership !== undefined || shownInPool(actor, project),
  /** Read a confidential project's description: the owner, admins, and joiners who accepted the NDA. */
  readDescription: (actor: ResearchActor, project: Project) =>
    owns(actor, project) || actor.admin || project.confidential === 0 || Boolean(actor.membership?.nda_accepted_at),
  /** Open the project's file space: the owner and members. */
  seeFiles: (actor: ResearchActor, project: Owned) => owns(actor, project) || isMember(actor),
  /** See every membership (applications, invitations, past members) and the designees: managers and admins. */
  seeAllMembers: (actor: ResearchActor, project: Owned) => actor.admin || holds('manage_members')(actor, project),
  /** See the members (status member): the members themselves. */
  seeMembers: (actor: ResearchActor, _project: Owned) => isMember(actor),
  /** Place a direction under this subject: its owner and members. */
  nestDirection: (actor: ResearchActor, subject: Owned) => owns(actor, subject) || isMember(actor),

  /* the permission set (authorityManagement) */
  editPlan: holds('edit_plan'),
  uploadFiles: holds('upload_files'),
  submitOutcome: holds('submit_outcome'),
  reviewOutcome: reviewsWork,
  manageMembers: holds('manage_members'),
  /** Set a member's permission set: the owner alone. */
  setPermissions: owns,

  /* memberships */
  /** Apply to the project: whom the pool shows it to (the service answers its owner 409; applicants must `join`). */
  apply: shownInPool,
  /** A certified person of the kind's joining roles may apply, be invited, be named a designee. */
  join: joins,
  /** Be invited: a joiner who is not the project's owner. */
  beInvited: (person: Person, project: Pick<Project, 'kind' | 'owner_user_id'>) =>
    person.id !== project.owner_user_id && joins(person, project),
  /** Accept or decline an invitation: whoever holds an open membership of the project. */
  answerInvitation: (actor: Pick<ResearchActor, 'membership'>, _project: Owned) => actor.membership !== undefined,
  /** Leave the project: whoever holds an open membership (leaving then needs status member). */
  leave: (actor: Pick<ResearchActor, 'membership'>, _project: Owned) => actor.membership !== undefined,
  /** Open a membership (where its to-do leads): the member themself, the project's managers and admins. */
  seeMembership: (actor: ResearchActor, object: { member: Pick<ResearchMemberRow, 'user_id'>; project: Owned }) =>
    object.member.user_id === actor.userId || actor.admin || holds('manage_members')(actor, object.project),

  /* phases */
  /** Read phases and outcomes; download the deliverables: the owner, members and admins. */
  read: reads,
  download: reads,
  /** Be named an assignee of a phase: the owner or a member. */
  bePhaseAssignee: (candidate: Candidate, project: Owned) =>
    candidate.userId === project.owner_user_id || candidate.member,
  /** Submit a phase's outcome as an assignee: the owner, or anyone when the phase names no one, or one it names. */
  submitForPhase: (actor: ResearchActor, object: { project: Owned; assignees: readonly number[] }) =>
    owns(actor, object.project) || object.assignees.length === 0 || object.assignees.includes(actor.userId),

  /* research questions (directions) */
  /** Pose questions and review answers: the owner, or a member holding review_outcome. */
  poseQuestion: reviewsWork,
  reviewAnswer: reviewsWork,
  /** See a direction's questions with every assignee's part, and the progress: the posers and admins. */
  seeQuestions: (actor: ResearchActor, direction: Owned) => actor.admin || reviewsWork(actor, direction),
  /** See one's own part of a question: its assignees. */
  seeOwnQuestion: assigned,
  /** Answer a question: an assignee who is still a member. */
  answer: (actor: ResearchActor, question: { assignees: readonly { user_id: number }[] }) =>
    isMember(actor) && assigned(actor, question),
  /** Be named an assignee of a question: a member holding a certified Student identity. */
  beQuestionAssignee: (candidate: Candidate & { role: string | undefined }, _direction: Owned) =>
    candidate.member && candidate.role === 'Student',

  /* the cooperation chain demand → solution → subject */
  /** Start a subject from an accepted solution: the institute that sent it. */
  startSubject: (actor: Pick<ResearchActor, 'orgId'>, solution: { org_id: number }) => solution.org_id === actor.orgId,
  /** List the subjects started from a solution: its institute, the demand's enterprise, admins. */
  seeSubjectsOfSolution: (
    actor: Pick<ResearchActor, 'admin' | 'orgId'>,
    link: { solution: { org_id: number }; demand: { org_id: number } },
  ) =>
    actor.admin ||
    (actor.orgId !== null && (actor.orgId === link.solution.org_id || actor.orgId === link.demand.org_id)),
});

/** The actions asked of an actor about a whole project (what `projectFor` and `memberFor` take). */
export type ProjectAction = {
  [A in keyof typeof researchPolicy.rules]: (typeof researchPolicy.rules)[A] extends (
    actor: ResearchActor,
    project: ResearchProjectRow,
  ) => boolean
    ? A
    : never;
}[keyof typeof researchPolicy.rules];

/** The rule of each permission of the set. */
export const PERMISSION_RULES = {
  edit_plan: 'editPlan',
  upload_files: 'uploadFiles',
  submit_outcome: 'submitOutcome',
  review_outcome: 'reviewOutcome',
  manage_members: 'manageMembers',
} as const satisfies Record<ResearchPermission, ProjectAction>;

/** The permissions the actor holds on the project (the detail's my_permissions), in their canonical order. */
export const permissionsHeld = (actor: ResearchActor, project: ResearchProjectRow): ResearchPermission[] =>
  RESEARCH_PERMISSIONS.filter((permission) => researchPolicy.can(actor, PERMISSION_RULES[permission], project));
