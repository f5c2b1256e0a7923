import type { RoleName } from '@mathbridge/contracts/roles';
import { routePath } from '@mathbridge/contracts/routes';
import type { Db } from '../../db/database.ts';
import type { ResearchProjectRow } from '../../db/types.ts';
import type { LinkReader, ModuleLinks } from '../../lib/links.ts';
import { rolesOf } from '../user/user.service.ts';
import { findPhase } from './phases.repository.ts';
import { findAnswer, findQuestion } from './questions.repository.ts';
import { findMember, findProject } from './research.repository.ts';

/**
 * Where the to-dos and notifications about research projects lead (DESIGN §9, §19). One engine,
 * several faces (the web's features/research/faces.ts): which face a reader works in follows the
 * project's kind and the reader's roles — an institute's subjects in subjectManage, a specialist's
 * in subjectManageS (their custom subjects at customSubjectDetail), directions in directionManage,
 * a student's joined directions in directionManageStu, and the pools for who is not in yet.
 */

type Project = Pick<ResearchProjectRow, 'id' | 'kind' | 'owner_org_id' | 'owner_user_id'>;

function found<T>(row: T | undefined, what: string): T {
  if (!row) throw new Error(`link to a missing ${what}`);
  return row;
}

async function rolesOfReader(db: Db, reader: LinkReader): Promise<RoleName[]> {
  if ('role' in reader) return [reader.role as RoleName];
  return (await rolesOf(db, reader.userId)).map((row) => row.role as RoleName);
}

/** The project's detail for its owner: an institute's subject, a specialist's custom subject, a direction. */
function ownerProjectPath(project: Project): string {
  if (project.kind === 'direction')
    return routePath('/manage/directionManage/detail/:direction_id', { direction_id: project.id });
  return project.owner_org_id !== null
    ? routePath('/manage/subjectManage/detail/:subject_id', { subject_id: project.id })
    : routePath('/manage/subjectManageS/customSubjectDetail', {}, { id: project.id });
}

/** The project in the pool, where an invitee accepts and an applicant not taken reads it. */
const poolPath = (project: Project) =>
  project.kind === 'subject'
    ? routePath('/manage/subjectsPool/detail/:subject_id', { subject_id: project.id })
    : routePath('/manage/directionsPool/detail/:direction_id', { direction_id: project.id });

/** The project for a member who joined it: where they work on it (their face), else the pool's page. */
function joinedProjectPath(project: Project, roles: readonly RoleName[]): string {
  if (project.kind === 'direction' && roles.includes('Student'))
    return routePath('/manage/directionManageStu/detail', {}, { id: project.id });
  if (project.kind === 'subject' && roles.includes('Specialist'))
    return routePath('/manage/subjectManageS/detail', {}, { id: project.id });
  return poolPath(project);
}

/**
 * Where the reader works on the project's phases: the owner's planOutcomeDetail in subjectManage and
 * directionManage, else the detail opened on its phases tab (a specialist's subjects, a student's
 * directions; a custom subject's owner at customSubjectDetail).
 */
export function phasesPath(project: Project, userId: number | null, roles: readonly RoleName[]): string {
  const phases = { tab: 'phases' };
  if (project.kind === 'subject') {
    if (!roles.includes('Specialist'))
      return routePath('/manage/subjectManage/planOutcomeDetail/:subject_sub_id', { subject_sub_id: project.id });
    return project.owner_user_id === userId
      ? routePath('/manage/subjectManageS/customSubjectDetail', {}, { id: project.id, ...phases })
      : routePath('/manage/subjectManageS/detail', {}, { id: project.id, ...phases });
  }
  return roles.includes('Student')
    ? routePath('/manage/directionManageStu/detail', {}, { id: project.id, ...phases })
    : routePath('/manage/directionManage/planOutcomeDetail/:direction_sub_id', { direction_sub_id: project.id });
}

const projectOf = async (db: Db, id: number) => found(await findProject(db, id), 'research project');

export const researchLinks: ModuleLinks = {
  research_member: async (db, { kind, target, reader }) => {
    const member = found(await findMember(db, target.id), 'research membership');
    const project = await projectOf(db, member.project_id);
    switch (kind) {
      // The owner approves or refuses an application (and hears of an accepted invitation) on the project.
      case 'researchApply':
      case 'researchMemberJoined':
        return ownerProjectPath(project);
      case 'researchApplyApproved':
        return joinedProjectPath(project, await rolesOfReader(db, reader));
      // An invitation is accepted or declined on the pool's page; a refused applicant reads it there.
      default:
        return poolPath(project);
    }
  },
  research_phase: async (db, { target, reader }) => {
    const phase = found(await findPhase(db, target.id), 'research phase');
    const project = await projectOf(db, phase.project_id);
    return phasesPath(project, 'userId' in reader ? reader.userId : null, await rolesOfReader(db, reader));
  },
  // A student's new or returned question opens on their questions page.
  research_question: (_db, { target }) => routePath('/manage/researchQuestions', {}, { question: target.id }),
  // An answer is reviewed on the direction's questions tab, in the reviewer's face (a student member may pose questions too).
  research_answer: async (db, { target, reader }) => {
    const answer = found(await findAnswer(db, target.id), 'research answer');
    const question = found(await findQuestion(db, answer.question_id), 'research question');
    const questions = { tab: 'questions', question: question.id };
    return (await rolesOfReader(db, reader)).includes('Student')
      ? routePath('/manage/directionManageStu/detail', {}, { id: question.project_id, ...questions })
      : routePath('/manage/directionManage/detail/:direction_id', { direction_id: question.project_id }, questions);
  },
};
