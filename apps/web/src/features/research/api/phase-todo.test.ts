import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fillPath, type Endpoint } from '@mathbridge/contracts/endpoint';
import type { ProjectDetail, ResearchPhase } from '@mathbridge/contracts/research';
import type { TodoItem } from '@mathbridge/contracts/workflow';
import { ApiError } from '../../../lib/api-error.ts';

const get = vi.fn();
// api.call of an endpoint, seen as the path it asks (the endpoint's `:param`s filled in).
vi.mock('../../../lib/api-client.ts', () => ({
  api: {
    call: (endpoint: Endpoint, input: Record<string, unknown>) => get(fillPath(endpoint.path, input).path),
  },
}));

const { phaseTodoPath } = await import('./phase-todo.ts');

const item = (kind: TodoItem['kind']): TodoItem => ({
  id: 1,
  kind,
  title: '',
  state: 'open',
  target_type: 'research_phase',
  target_id: 7,
  created_at: '',
  closed_at: null,
});

/** The server as the to-do sees it: phase 7 belongs to project 3 of `kind`. */
function serve(kind: 'subject' | 'direction', project: Partial<ProjectDetail>) {
  get.mockImplementation((path: string) => {
    if (path === `${kind}/phase/7`) return Promise.resolve({ id: 7, project_id: 3 } as ResearchPhase);
    if (path === `${kind}/detail/3`) return Promise.resolve({ id: 3, kind, ...project } as ProjectDetail);
    return Promise.reject(new ApiError({ message: 'not found', status: 404, kind: 'status', handled: false }));
  });
}

describe('where a research outcome to-do leads', () => {
  beforeEach(() => {
    get.mockReset();
  });

  it("an institute's review opens its subject's planOutcomeDetail", async () => {
    serve('subject', { is_owner: true });
    expect(await phaseTodoPath(item('researchOutcomeReview'), ['ResearchInstitute'])).toBe(
      '/manage/subjectManage/planOutcomeDetail/3',
    );
  });

  it("a specialist's review of their custom subject opens its detail on the phases tab", async () => {
    serve('subject', { is_owner: true });
    expect(await phaseTodoPath(item('researchOutcomeReview'), ['Specialist'])).toBe(
      '/manage/subjectManageS/customSubjectDetail?id=3&tab=phases',
    );
  });

  it("a student's revision opens the joined direction's detail on the phases tab", async () => {
    serve('direction', { is_owner: false });
    expect(await phaseTodoPath(item('researchOutcomeRevision'), ['Student'])).toBe(
      '/manage/directionManageStu/detail?id=3&tab=phases',
    );
  });

  it("a specialist's review of a direction, after the subject call answers 404, opens its planOutcomeDetail", async () => {
    serve('direction', { is_owner: true });
    expect(await phaseTodoPath(item('researchOutcomeReview'), ['Specialist'])).toBe(
      '/manage/directionManage/planOutcomeDetail/3',
    );
  });
});
