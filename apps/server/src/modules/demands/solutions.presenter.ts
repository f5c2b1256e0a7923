import type { DeclineReason, Solution, SolutionAttachment, SolutionState } from '@mathbridge/contracts/solutions';
import type { DemandRow, SolutionRow } from '../../db/types.ts';
import { attachmentsOf } from './demands.presenter.ts';
import { solutionPolicy, type OrgViewer } from './demands.policy.ts';

/** Solution rows → API shape; `can` is what the viewer may do now: solutionPolicy's answer and the state it needs. */
export function presentSolution(
  row: SolutionRow,
  demand: Pick<DemandRow, 'id' | 'title' | 'status' | 'org_id'>,
  viewer: OrgViewer,
): Solution {
  const status = row.status as SolutionState;
  const receiving = demand.status === 'published';
  const live = demand.status === 'published' || demand.status === 'paused';
  const item = { solution: row, demand };
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
    space_id: solutionPolicy.can(viewer, 'attach', item) ? row.space_id : null,
    decline_reason: row.decline_reason as DeclineReason | null,
    decline_text: row.decline_text,
    created_at: row.created_at,
    updated_at: row.updated_at,
    submitted_at: row.submitted_at,
    decided_at: row.decided_at,
    can: {
      edit: solutionPolicy.can(viewer, 'edit', item) && status === 'draft',
      submit: solutionPolicy.can(viewer, 'submit', item) && status === 'draft' && receiving,
      withdraw: solutionPolicy.can(viewer, 'withdraw', item) && status === 'submitted',
      accept: solutionPolicy.can(viewer, 'accept', item) && status === 'submitted' && live,
      decline: solutionPolicy.can(viewer, 'decline', item) && status === 'submitted',
      acknowledge: solutionPolicy.can(viewer, 'acknowledge', item) && status === 'declined',
    },
  };
}
