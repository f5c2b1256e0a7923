import type { RoleName } from '@mathbridge/contracts/roles';
import { researchEndpoints as calls } from '@mathbridge/contracts/endpoints/research';
import type { ProjectDetail, ResearchKind, ResearchPhase } from '@mathbridge/contracts/research';
import type { TodoItem } from '@mathbridge/contracts/workflow';
import { api } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { RESEARCH_FACES, projectPath, type ResearchSection } from '../faces.ts';

/** The kinds of project a user of these roles may own or belong to, most likely first. */
function kindsOf(roles: readonly RoleName[]): ResearchKind[] {
  if (roles.includes('Student')) return ['direction'];
  if (roles.includes('Specialist')) return ['subject', 'direction'];
  return ['subject'];
}

/** The phase of a to-do; a to-do does not name its kind, so a specialist's asks subjects, then directions. */
async function phaseOf(id: number, roles: readonly RoleName[]): Promise<ResearchPhase & { kind: ResearchKind }> {
  const kinds = kindsOf(roles);
  for (const [index, kind] of kinds.entries()) {
    const last = index === kinds.length - 1;
    try {
      const phase = await api.call(calls.phase[kind], { id }, { reportErrors: last });
      return { ...phase, kind };
    } catch (error) {
      if (last || !isApiError(error) || error.status !== 404) throw error;
    }
  }
  throw new Error('no research kind for these roles');
}

/**
 * Where the viewer works on a project's phases: the owner's planOutcomeDetail, else the detail
 * opened on its phases tab (a custom subject's owner, a member).
 */
function phasesPath(project: ProjectDetail, roles: readonly RoleName[]): string | null {
  let section: ResearchSection;
  if (project.kind === 'subject') section = roles.includes('Specialist') ? 'subjectManageS' : 'subjectManage';
  else section = roles.includes('Student') ? 'directionManageStu' : 'directionManage';
  const face = RESEARCH_FACES[section];
  const plan = projectPath(face, 'planOutcomeDetail', project.id);
  if (plan) return plan;
  const detail = projectPath(face, 'detail', project.id, project.is_owner);
  return detail && `${detail}${detail.includes('?') ? '&' : '?'}tab=phases`;
}

/**
 * Where a research outcome to-do leads (issue 10), or null when the item is not about a phase: the
 * owner's `researchOutcomeReview` and the submitter's `researchOutcomeRevision` open the project's
 * phases (GET …/phase/:id names the project).
 */
export async function phaseTodoPath(item: TodoItem, roles: readonly RoleName[]): Promise<string | null> {
  if (item.target_type !== 'research_phase') return null;
  const phase = await phaseOf(item.target_id, roles);
  const project = await api.call(calls.detail[phase.kind], { id: phase.project_id });
  return phasesPath(project, roles);
}
