import type { DemandAttachment, DemandFull, DemandState, DemandSummary } from '@mathbridge/contracts/demands';
import type { DemandRow } from '../../db/types.ts';
import { codesOf } from '../../lib/sql.ts';

/** Demand rows → API shapes: the public summary, and the full demand for its owner and receivers. */

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
