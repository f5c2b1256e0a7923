import {
  RESEARCH_PERMISSIONS,
  type MemberState,
  type ProjectState,
  type ProjectSummary,
  type PublishRange,
  type ResearchKind,
  type ResearchMember,
  type ResearchPermission,
} from '@mathbridge/contracts/research';
import type { DemandAttachment } from '@mathbridge/contracts/demands';
import type { ResearchMemberRow, ResearchProjectRow } from '../../db/types.ts';
import { codesOf } from '../../lib/sql.ts';

/** Rows → API shapes of research projects and memberships. */

/** The stored snapshot of attached files (JSON). */
export function attachmentsOf(json: string): DemandAttachment[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as DemandAttachment[]) : [];
  } catch {
    return [];
  }
}

export const permissionsOf = (row: Pick<ResearchMemberRow, 'permissions'>): ResearchPermission[] =>
  codesOf(row.permissions).filter((p): p is ResearchPermission =>
    (RESEARCH_PERMISSIONS as readonly string[]).includes(p),
  );

export function presentProject(row: ResearchProjectRow): ProjectSummary {
  return {
    id: row.id,
    kind: row.kind as ResearchKind,
    title: row.title,
    summary: row.summary,
    msc_fields: codesOf(row.msc_fields),
    publish_range: row.publish_range as PublishRange,
    headcount: row.headcount,
    member_count: row.member_count,
    apply_deadline: row.apply_deadline,
    confidential: row.confidential === 1 ? 1 : 0,
    status: row.status as ProjectState,
    owner: { user_id: row.owner_user_id, org_id: row.owner_org_id, name: row.owner_name },
    parent_id: row.parent_id,
    solution_id: row.solution_id,
    demand_id: row.demand_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    published_at: row.published_at,
  };
}

export function presentMember(row: ResearchMemberRow): ResearchMember {
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.user_name,
    status: row.status as MemberState,
    note: row.note,
    reason: row.reason,
    permissions: permissionsOf(row),
    nda_accepted_at: row.nda_accepted_at,
    created_at: row.created_at,
    decided_at: row.decided_at,
  };
}
