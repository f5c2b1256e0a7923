import type { ProjectDetail } from '@mathbridge/contracts/research';

export interface PhasesPanelProps {
  project: ProjectDetail;
}

/**
 * A project's phases with their outcomes (planOutcomeDetail): plan, submit, review, history. Shown
 * on its own page where the face routes planOutcomeDetail, and inside the detail page elsewhere.
 * Placeholder until the panel lands (issue 10 in progress).
 */
export function PhasesPanel(_props: PhasesPanelProps) {
  return null;
}
