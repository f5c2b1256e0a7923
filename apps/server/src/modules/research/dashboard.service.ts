import { businessToday } from '@mathbridge/contracts/demands';
import { PROJECT_STATES, type ProjectState, type ResearchKind } from '@mathbridge/contracts/research';
import type { RoleName } from '@mathbridge/contracts/roles';
import { PHASE_DUE_DAYS, type DashboardWork, type PhasesDue } from '@mathbridge/contracts/workflow';
import type { Db } from '../../db/database.ts';
import { codesOf } from '../../lib/sql.ts';
import * as work from './dashboard.repository.ts';
import { phasesPath } from './research.links.ts';
import { countJoined } from './research.repository.ts';

/**
 * What the workspace dashboard (identity's workflow/dashboard) shows of research work: each
 * role's projects by state, the memberships waiting for them, the phases and questions they owe.
 */

/** The nearest due phases the dashboard names (the count covers them all). */
const NEXT_PHASES = 5;

interface Reader {
  id: number;
  roles: readonly string[];
}

function byState(counts: Map<string, number>): Record<ProjectState, number> {
  return Object.fromEntries(PROJECT_STATES.map((state) => [state, counts.get(state) ?? 0])) as Record<
    ProjectState,
    number
  >;
}

/** An institute's subjects by state. */
export async function instituteSubjects(db: Db, orgId: number): Promise<Record<ProjectState, number>> {
  return byState(await work.ownedByStatus(db, 'subject', { orgId }));
}

/**
 * Phases of the reader's projects in progress whose outcome is owed within PHASE_DUE_DAYS or is
 * late: every such phase of a project they own; of a project they joined, those assigned to them
 * (or to nobody, when they may submit outcomes). The nearest first, each with where to work on it.
 */
async function phasesDue(db: Db, reader: Reader, now = new Date()): Promise<PhasesDue> {
  const until = businessToday(new Date(now.getTime() + PHASE_DUE_DAYS * 86_400_000));
  const projects = new Map((await work.projectsInProgress(db, reader.id)).map((p) => [p.id, p]));
  const rows = await work.phasesDueBy(db, [...projects.keys()], until);
  const owed = rows.filter((phase) => {
    const project = projects.get(phase.project_id);
    if (!project || project.permissions === null) return project !== undefined;
    const assignees = codesOf(phase.assignees).map(Number);
    return assignees.length ? assignees.includes(reader.id) : codesOf(project.permissions).includes('submit_outcome');
  });
  const roles = reader.roles as RoleName[];
  return {
    count: owed.length,
    next: owed.slice(0, NEXT_PHASES).map((phase) => {
      const project = projects.get(phase.project_id)!;
      return {
        id: phase.id,
        title: phase.title,
        due_date: phase.due_date ?? '',
        project: { id: project.id, kind: project.kind as ResearchKind, title: project.title },
        path: phasesPath(project, reader.id, roles),
      };
    }),
  };
}

/** A specialist's work: their own subjects and directions, joined subjects, memberships to answer, phases due. */
export async function specialistWork(db: Db, reader: Reader): Promise<NonNullable<DashboardWork['specialist']>> {
  const [subjects, joined, directions, applications, invitations, due] = await Promise.all([
    work.ownedByStatus(db, 'subject', { userId: reader.id }),
    countJoined(db, 'subject', reader.id, undefined),
    work.ownedByStatus(db, 'direction', { userId: reader.id }),
    work.applicationsToDecide(db, reader.id),
    work.invitationsOf(db, reader.id),
    phasesDue(db, reader),
  ]);
  return {
    subjects: byState(subjects),
    subjects_joined: joined,
    directions: byState(directions),
    applications,
    invitations,
    phases_due: due,
  };
}

/** A student's work: the directions they are in, invitations, the questions and phases they owe. */
export async function studentWork(db: Db, reader: Reader): Promise<NonNullable<DashboardWork['student']>> {
  const [directions, invitations, questions, due] = await Promise.all([
    countJoined(db, 'direction', reader.id, undefined),
    work.invitationsOf(db, reader.id),
    work.questionsOwedBy(db, reader.id),
    phasesDue(db, reader),
  ]);
  return {
    directions,
    invitations,
    questions: { assigned: questions.get('assigned') ?? 0, returned: questions.get('returned') ?? 0 },
    phases_due: due,
  };
}
