import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fillPath, type Endpoint } from '@mathbridge/contracts/endpoint';
import type { TodoItem } from '@mathbridge/contracts/workflow';

const get = vi.fn();
// api.call of an endpoint, seen as the path it asks (the endpoint's `:param`s filled in).
vi.mock('../../../lib/api-client.ts', () => ({
  api: {
    call: (endpoint: Endpoint, input: Record<string, unknown>) => get(fillPath(endpoint.path, input).path),
  },
}));

const { questionTodoPath } = await import('./open-todo.ts');

const review: TodoItem = {
  id: 1,
  kind: 'researchAnswerReview',
  title: '',
  state: 'open',
  target_type: 'research_answer',
  target_id: 9,
  created_at: '',
  closed_at: null,
};

describe('where an answer-review to-do leads', () => {
  beforeEach(() => {
    get.mockReset();
    get.mockResolvedValue({ id: 5, project_id: 3 });
  });

  it("the direction's owner opens its questions tab in directionManage", async () => {
    expect(await questionTodoPath(review, ['Specialist'])).toBe(
      '/manage/directionManage/detail/3?tab=questions&question=5',
    );
    expect(get).toHaveBeenCalledWith('question/ofAnswer/9');
  });

  it('a student member who posed the question opens it in directionManageStu, the face a student has', async () => {
    expect(await questionTodoPath(review, ['Student'])).toBe(
      '/manage/directionManageStu/detail?id=3&tab=questions&question=5',
    );
  });
});
