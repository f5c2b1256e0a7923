import type {
  DemandAttachment,
  DemandDetail,
  DemandFull,
  DemandState,
  DemandSummary,
  SolutionState,
} from '@mathbridge/contracts/demands';
import type { CooperationRow, DemandReceiptRow, DemandRow, SolutionRow } from '../../db/types.ts';
import { codesOf } from '../../lib/sql.ts';
import { EDITABLE, LIVE, demandPolicy, type DemandViewer } from './demands.policy.ts';

/** Demand rows → API shapes: the public summary, the full demand for its owner and receivers, the detail. */

/**
 * What a list row needs (the API's DemandSummary): lists never read the Markdown texts, contacts
 * or attachment snapshots, which are most of a row's bytes.
 */
export const DEMAND_SUMMARY_COLUMNS = [
  'id',
  'title',
  'status',
  'industry',
  'summary',
  'budget_min',
  'budget_max',
  'deadline',
  'province_code',
  'city_code',
  'msc_fields',
  'nda_required',
  'org_id',
  'org_name',
  'published_at',
  'updated_at',
  'solution_count',
  'receive_count',
] as const satisfies readonly (keyof DemandRow)[];
export type DemandSummaryRow = Pick<DemandRow, (typeof DEMAND_SUMMARY_COLUMNS)[number]>;

export function attachmentsOf(json: string): DemandAttachment[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as DemandAttachment[]) : [];
  } catch {
    return [];
  }
}

export function presentDemandSummary(row: DemandSummaryRow): DemandSummary {
  return {
    id: row.id,
    title: row.title,
    status: row.status as DemandState,
    industry: row.industry,
    summary: row.summary,
    budget_min: Number(row.budget_min),
    budget_max: Number(row.budget_max),
    deadline: row.deadline,
    province_code: row.province_code,
    city_code: row.city_code,
    msc_fields: codesOf(row.msc_fields),
    nda_required: row.nda_required === 1 ? 1 : 0,
    org: { id: row.org_id, name: row.org_name },
    published_at: row.published_at,
    updated_at: row.updated_at,
    solution_count: Number(row.solution_count),
    receive_count: Number(row.receive_count),
  };
}

export function presentDemandFull(row: DemandRow, showSpace: boolean): DemandFull {
  return {
    ...presentDemandSummary(row),
    problem: row.problem,
    expected_outcome: row.expected_outcome,
    available_data: row.available_data,
    contact: row.contact,
    contact_phone: row.contact_phone,
    attachments: attachmentsOf(row.attachments),
    space_id: showSpace ? row.space_id : null,
    reject_reason: row.reject_reason,
    created_at: row.created_at,
    submitted_at: row.submitted_at,
  };
}

/**
 * `demand/detail`: the summary for everyone who may see it (demandPolicy `see`), the full demand for
 * `readFull`, and in `can` what the viewer may do now: the policy's answer and the state it needs.
 */
export function presentDemandDetail(
  demand: DemandRow,
  viewer: DemandViewer,
  related: {
    receipt: DemandReceiptRow | undefined;
    cooperation: CooperationRow | undefined;
    ownSolution: Pick<SolutionRow, 'id' | 'status'> | undefined;
  },
): DemandDetail {
  const { receipt, cooperation, ownSolution } = related;
  const { status } = demand;
  const ownOpen = ownSolution?.status === 'draft' || ownSolution?.status === 'submitted';
  const may = <A extends 'edit' | 'submit' | 'withdraw' | 'toggle' | 'close' | 'complete' | 'delete'>(action: A) =>
    demandPolicy.can(viewer, action, demand);
  return {
    demand: presentDemandSummary(demand),
    full: demandPolicy.can(viewer, 'readFull', demand)
      ? presentDemandFull(demand, demandPolicy.can(viewer, 'attach', demand))
      : null,
    receipt: receipt
      ? {
          received_at: receipt.received_at,
          nda_accepted: receipt.nda_accepted === 1 ? 1 : 0,
          received_by: { id: receipt.user_id },
        }
      : null,
    can: {
      edit: may('edit') && EDITABLE.includes(status),
      submit: may('submit') && EDITABLE.includes(status),
      withdraw: may('withdraw') && status === 'submitted',
      toggle: may('toggle') && LIVE.includes(status),
      close: may('close') && LIVE.includes(status),
      complete: may('complete') && LIVE.includes(status) && cooperation !== undefined,
      review: demandPolicy.can(viewer, 'review', demand) && status === 'submitted',
      receive: demandPolicy.can(viewer, 'receive', demand) && !viewer.received && status === 'published',
      solve: demandPolicy.can(viewer, 'solve', demand) && status === 'published' && !ownOpen,
      download: demandPolicy.can(viewer, 'download', { ...demand, cooperation: cooperation ?? null }),
      delete: may('delete') && status === 'draft',
    },
    own_solution: ownSolution ? { id: ownSolution.id, status: ownSolution.status as SolutionState } : null,
    cooperation: cooperation
      ? {
          id: cooperation.id,
          solution_id: cooperation.solution_id,
          institute: { id: cooperation.institute_org_id, name: cooperation.institute_name },
          created_at: cooperation.created_at,
        }
      : null,
  };
}
