import type { DeclineReason, Solution, SolutionAttachment, SolutionState } from '@mathbridge/contracts/solutions';
import type { DemandRow, SolutionRow } from '../../db/types.ts';
import { attachmentsOf } from './demands.presenter.ts';

/** Solution rows → API shape; `can` is what the viewer may do now. */
export function presentSolution(
  row: SolutionRow,
  demand: Pick<DemandRow, 'id' | 'title' | 'status'>,
  viewer: { institute: boolean; enterprise: boolean },
): Solution {
  const status = row.status as SolutionState;
  const receiving = demand.status === 'published';
  const live = demand.status === 'published' || demand.status === 'paused';
  return {
    id: row.id,
    demand: { id: demand.id, title: demand.title, status: demand.status },
    institute: { id: row.org_id, name: row.org_name },
    status,
    approach: row.approach,
    team: row.team,
    timeline: row.timeline,
    cost_estimate: Number(row.cost_estimate),
    attachments: attachmentsOf(row.attachments) as SolutionAttachment[],
    space_id: viewer.institute ? row.space_id : null,
    decline_reason: row.decline_reason as DeclineReason | null,
    decline_text: row.decline_text,
    created_at: row.created_at,
    updated_at: row.updated_at,
    submitted_at: row.submitted_at,
    decided_at: row.decided_at,
    can: {
      edit: viewer.institute && status === 'draft',
      submit: viewer.institute && status === 'draft' && receiving,
      withdraw: viewer.institute && status === 'submitted',
      accept: viewer.enterprise && status === 'submitted' && live,
      decline: viewer.enterprise && status === 'submitted',
    },
  };
}
