import type { ProjectDetail } from '@mathbridge/contracts/research';

export interface QuestionsPanelProps {
  /** A direction whose viewer may pose and review questions (its owner, or a member with review_outcome). */
  project: ProjectDetail;
}

/**
 * The research questions of a direction, for its owner: pose, review answers, progress per student.
 * Placeholder until the panel lands (issue 10 in progress).
 */
export function QuestionsPanel(_props: QuestionsPanelProps) {
  return null;
}
