import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { researchEndpoints as calls } from '@mathbridge/contracts/endpoints/research';
import type { AnswerReview, AnswerSubmit, QuestionSave, ResearchQuestion } from '@mathbridge/contracts/research';
import { api } from '../../../lib/api-client.ts';

/**
 * Calls of research questions (DESIGN §9, `question/*`): a direction's owner poses questions to its
 * students, they answer, the owner accepts or returns with a comment.
 */

/** Query keys; every key starts with 'questions' so one invalidation refreshes all of them. */
export const questionKeys = {
  all: ['questions'] as const,
  mine: () => ['questions', 'mine'] as const,
  list: (projectId: number) => ['questions', 'list', projectId] as const,
  detail: (id: number) => ['questions', 'detail', id] as const,
  progress: (projectId: number) => ['questions', 'progress', projectId] as const,
  space: (projectId: number) => ['questions', 'space', projectId] as const,
};

/** After any change: the questions, their progress, and the to-dos they open or close. */
async function invalidateQuestions(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: questionKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['workflow'] }),
  ]);
}

function useQuestionMutation<Input>(run: (input: Input) => Promise<ResearchQuestion>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { formErrors: true },
    onSuccess: () => invalidateQuestions(queryClient),
  });
}

/** GET question/mine: the caller's questions across their directions, with their own part. */
export function useMyQuestions() {
  return useQuery({
    queryKey: questionKeys.mine(),
    queryFn: ({ signal }) => api.call(calls.myQuestions, {}, { signal }),
  });
}

/** GET question/list?project_id: a direction's questions (its owner, reviewers and admins). */
export function useProjectQuestions(projectId: number) {
  return useQuery({
    queryKey: questionKeys.list(projectId),
    queryFn: ({ signal }) => api.call(calls.questions, { project_id: projectId }, { signal }),
  });
}

export const questionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: questionKeys.detail(id),
    queryFn: ({ signal }) => api.call(calls.question, { id }, { signal }),
  });

/** GET question/detail/:id: the question with its answers (a student sees only their own). */
export function useQuestion(id: number | null) {
  return useQuery({ ...questionQueryOptions(id ?? 0), enabled: id !== null });
}

/** GET question/progress?project_id: per student, counts by state and each question's state. */
export function useQuestionProgress(projectId: number, enabled = true) {
  return useQuery({
    queryKey: questionKeys.progress(projectId),
    queryFn: ({ signal }) => api.call(calls.questionProgress, { project_id: projectId }, { signal }),
    enabled,
  });
}

/**
 * The shared file space of a direction (GET direction/detail/:id), where a question's and an
 * answer's attachments are uploaded: the server takes only files of that space.
 */
export function useDirectionSpace(projectId: number | null) {
  return useQuery({
    queryKey: questionKeys.space(projectId ?? 0),
    queryFn: async ({ signal }) =>
      (await api.call(calls.detail.direction, { id: projectId ?? 0 }, { signal })).space_id,
    enabled: projectId !== null,
    staleTime: Infinity,
  });
}

/** POST question/save: a new question, or an edit (`question_id`). */
export function useSaveQuestion() {
  return useQuestionMutation((input: QuestionSave) => api.call(calls.saveQuestion, input));
}

/** POST question/answer: the assignee answers (assigned | returned → answered). */
export function useAnswerQuestion() {
  return useQuestionMutation((input: AnswerSubmit) => api.call(calls.answerQuestion, input));
}

/** POST question/review: accept a submitted answer, or return it with a comment. */
export function useReviewAnswer() {
  return useQuestionMutation((input: AnswerReview) => api.call(calls.reviewAnswer, input));
}
