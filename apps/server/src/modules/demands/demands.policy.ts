import type { CooperationRow, DemandRow, SolutionRow } from '../../db/types.ts';
import { definePolicy } from '../../lib/policy.ts';

/**
 * Who may do what to demands, solutions and cooperations (issue 26 §4). A demand is its
 * enterprise's to edit and run, an admin's to review; institutes see it while it is live and its
 * full text (contact, attachments) once they received it, accepting the NDA when one is asked: the
 * receipt is the grant. A solution is its institute's, shown to the demand's enterprise once
 * submitted; a cooperation to its two organisations. Admins see everything. The states an action
 * needs (409) stay in the services; a detail's `can` flags are these rules and those states.
 */

/** Who looks at or acts on one of these objects, as the service loaded them. */
export interface OrgViewer {
  /** Admins see every object (spec §6) and review demands; they act for no organisation here. */
  admin: boolean;
  /** The certified enterprise the caller acts for, or null. */
  enterpriseId: number | null;
  /** The certified research institute the caller acts for, or null (a caller has one organisation). */
  instituteId: number | null;
}

/** A viewer of one demand: whether their institute has received it (a receipt row) comes with them. */
export interface DemandViewer extends OrgViewer {
  received: boolean;
}

type Enterprise = Pick<OrgViewer, 'enterpriseId'>;
type Institute = Pick<OrgViewer, 'instituteId'>;

/** States a demand is edited in, and live in (receiving answers or paused). */
export const EDITABLE: readonly string[] = ['draft', 'rejected'];
export const LIVE: readonly string[] = ['published', 'paused'];
/** States a receiving institute sees a demand (and its attachments) in: once published, ended included. */
export const RECEIVER_SEES: readonly string[] = ['published', 'paused', 'closed', 'completed'];
/** Solution states the demand's enterprise sees an answer (and its attachments) in: never draft or withdrawn. */
export const ANSWERED = ['submitted', 'accepted', 'declined'] as const;

const ownsDemand = (viewer: Enterprise, demand: Pick<DemandRow, 'org_id'>): boolean =>
  viewer.enterpriseId !== null && viewer.enterpriseId === demand.org_id;

export const demandPolicy = definePolicy({
  /** The detail: the owner and admins always; an institute while it is live, and after it ended once received. */
  see: (viewer: DemandViewer, demand: Pick<DemandRow, 'org_id' | 'status'>) =>
    viewer.admin ||
    ownsDemand(viewer, demand) ||
    (viewer.instituteId !== null && (viewer.received ? RECEIVER_SEES : LIVE).includes(demand.status)),
  /** The full demand (problem, contact, attachments): the owner, admins and the institutes that received it. */
  readFull: (viewer: Pick<DemandViewer, 'admin' | 'enterpriseId' | 'received'>, demand: Pick<DemandRow, 'org_id'>) =>
    viewer.admin || ownsDemand(viewer, demand) || viewer.received,
  /** The demand's own file space (its id, to upload attachments to): the owner. */
  attach: ownsDemand,
  edit: ownsDemand,
  submit: ownsDemand,
  withdraw: ownsDemand,
  delete: ownsDemand,
  toggle: ownsDemand,
  close: ownsDemand,
  complete: ownsDemand,
  /** Admins review any submitted demand; asked before it is loaded, so the rule needs none of it. */
  review: (viewer: Pick<OrgViewer, 'admin'>, _demand: Pick<DemandRow, 'id'>) => viewer.admin,
  /** Any institute receives a published demand (receiving twice changes nothing). */
  receive: (viewer: Institute, _demand: Pick<DemandRow, 'id'>) => viewer.instituteId !== null,
  /** An institute answers a demand it received. */
  solve: (viewer: Pick<DemandViewer, 'instituteId' | 'received'>, _demand: Pick<DemandRow, 'id'>) =>
    viewer.instituteId !== null && viewer.received,
  /** The zip of its files: the owner, the receivers, and the institute cooperating on it. */
  download: (
    viewer: DemandViewer,
    demand: Pick<DemandRow, 'org_id'> & { cooperation: Pick<CooperationRow, 'institute_org_id'> | null },
  ) =>
    ownsDemand(viewer, demand) ||
    viewer.received ||
    (demand.cooperation !== null &&
      viewer.instituteId !== null &&
      demand.cooperation.institute_org_id === viewer.instituteId),
  /**
   * A file the demand attaches, for anyone but the owner (a member of its space): the institutes
   * that received it, in the states they see it in (attachments.ts, asked by the files module).
   */
  readAttachments: (viewer: Pick<DemandViewer, 'received'>, demand: Pick<DemandRow, 'status'>) =>
    viewer.received && RECEIVER_SEES.includes(demand.status),
  /** The answers to a demand, side by side: its enterprise and admins. */
  readSolutions: (viewer: Pick<OrgViewer, 'admin' | 'enterpriseId'>, demand: Pick<DemandRow, 'org_id'>) =>
    viewer.admin || ownsDemand(viewer, demand),
});

/** A solution with the demand it answers (the demand's enterprise decides on it). */
export interface SolutionOfDemand {
  solution: Pick<SolutionRow, 'org_id' | 'demand_id' | 'status'>;
  demand: Pick<DemandRow, 'id' | 'org_id'>;
}

const writtenBy = (viewer: Institute, item: { solution: Pick<SolutionRow, 'org_id'> }): boolean =>
  viewer.instituteId !== null && viewer.instituteId === item.solution.org_id;

/** An answer the enterprise sees: to its demand, and submitted at least once and not withdrawn. */
const answeredTo = (
  viewer: Enterprise,
  item: { solution: Pick<SolutionRow, 'status'>; demand: Pick<DemandRow, 'org_id'> },
): boolean => ownsDemand(viewer, item.demand) && (ANSWERED as readonly string[]).includes(item.solution.status);

export const solutionPolicy = definePolicy({
  /** The detail: its institute, the demand's enterprise once answered, admins. */
  see: (viewer: OrgViewer, item: SolutionOfDemand) =>
    viewer.admin || writtenBy(viewer, item) || answeredTo(viewer, item),
  /** The solution's own file space (its id, to upload attachments to): its institute. */
  attach: writtenBy,
  /** Its institute edits it, as an answer to the demand it was written for. */
  edit: (
    viewer: Institute,
    item: { solution: Pick<SolutionRow, 'org_id' | 'demand_id'>; demand: Pick<DemandRow, 'id'> },
  ) => writtenBy(viewer, item) && item.solution.demand_id === item.demand.id,
  submit: writtenBy,
  withdraw: writtenBy,
  /** Its institute marks it seen (solution/markSeen: a decline read closes its to-do). */
  acknowledge: writtenBy,
  accept: answeredTo,
  decline: answeredTo,
  /** A file the answer attaches, for anyone but its author: the demand's enterprise, while it sees the answer. */
  readAttachments: answeredTo,
});

const enterpriseSide = (viewer: Enterprise, cooperation: Pick<CooperationRow, 'enterprise_org_id'>): boolean =>
  viewer.enterpriseId !== null && viewer.enterpriseId === cooperation.enterprise_org_id;
const instituteSide = (viewer: Institute, cooperation: Pick<CooperationRow, 'institute_org_id'>): boolean =>
  viewer.instituteId !== null && viewer.instituteId === cooperation.institute_org_id;

export const cooperationPolicy = definePolicy({
  /** A cooperation's page: its two organisations and admins. */
  see: (viewer: OrgViewer, cooperation: Pick<CooperationRow, 'enterprise_org_id' | 'institute_org_id'>) =>
    viewer.admin || enterpriseSide(viewer, cooperation) || instituteSide(viewer, cooperation),
  /** Which side of it the viewer looks from (an admin looks from neither). */
  seeAsEnterprise: enterpriseSide,
  seeAsInstitute: instituteSide,
});
