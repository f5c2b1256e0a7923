import type { Dashboard, DashboardWork } from '@mathbridge/contracts/workflow';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { notLoggedIn } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/call.ts';
import { findUserById } from '../user/user.service.ts';
import { countOpenTodos } from '../workflow/todo.service.ts';
import { identityRoleOf } from './access.ts';
import { membershipsOfUser } from './member.repository.ts';
import { orgOf } from './org-actor.service.ts';
import { findOrganisationByOwner } from './org.repository.ts';

type Work<K extends keyof DashboardWork> = NonNullable<DashboardWork[K]>;
/** A person acting in the workspace: who they are and the roles they hold. */
export interface WorkReader {
  id: number;
  roles: readonly string[];
}

/**
 * What the modules that own the work count for the dashboard, each in its own service (demands'
 * counts.service, research's dashboard.service). Handed in by app.ts: they import identity (the
 * caller as an organisation or a person), so identity imports none of them.
 */
export interface WorkCounters {
  enterprise: (db: Db, orgId: number) => Promise<Work<'enterprise'>>;
  instituteDemands: (db: Db, orgId: number) => Promise<Omit<Work<'institute'>, 'subjects'>>;
  instituteSubjects: (db: Db, orgId: number) => Promise<Work<'institute'>['subjects']>;
  specialist: (db: Db, reader: WorkReader) => Promise<Work<'specialist'>>;
  student: (db: Db, reader: WorkReader) => Promise<Work<'student'>>;
}

/**
 * The caller's work for each role they hold: an organisation role once they act for its certified
 * organisation, a person's role once verified.
 */
async function workOf(ctx: AppContext, caller: Caller, count: WorkCounters): Promise<DashboardWork> {
  const verified = caller.verifyState === 1;
  const [enterprise, institute] = await Promise.all([
    orgOf(ctx, caller, 'Enterprise'),
    orgOf(ctx, caller, 'ResearchInstitute'),
  ]);
  const [enterpriseWork, instituteDemands, subjects, specialist, student] = await Promise.all([
    enterprise ? count.enterprise(ctx.db, enterprise.org.id) : null,
    institute ? count.instituteDemands(ctx.db, institute.org.id) : null,
    institute ? count.instituteSubjects(ctx.db, institute.org.id) : null,
    verified && caller.roles.includes('Specialist') ? count.specialist(ctx.db, caller) : null,
    verified && caller.roles.includes('Student') ? count.student(ctx.db, caller) : null,
  ]);
  return {
    enterprise: enterpriseWork,
    institute: instituteDemands && subjects ? { ...instituteDemands, subjects } : null,
    specialist,
    student,
  };
}

/** `workflow/dashboard`: the workspace home: identity, state, open to-dos, organisations, each role's work. */
export async function getDashboard(ctx: AppContext, caller: Caller, counters: WorkCounters): Promise<Dashboard> {
  const user = await findUserById(ctx.db, caller.id);
  if (!user) throw notLoggedIn();
  const [org, todoCount, memberships, work] = await Promise.all([
    findOrganisationByOwner(ctx.db, caller.id),
    countOpenTodos(ctx.db, caller),
    membershipsOfUser(ctx.db, caller.id),
    workOf(ctx, caller, counters),
  ]);
  return {
    role: identityRoleOf(caller.roles),
    verify_state: user.verify_state,
    todo_count: todoCount,
    owned_org: org ? { id: org.id, name: org.name, status: org.status } : null,
    memberships,
    work,
  };
}
