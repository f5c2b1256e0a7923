import type { Dashboard } from '@mathbridge/contracts/workflow';
import type { AppContext } from '../../context.ts';
import { notLoggedIn } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/call.ts';
import { findUserById } from '../user/user.service.ts';
import { countOpenTodos } from '../workflow/todo.service.ts';
import { identityRoleOf } from './access.ts';
import { membershipsOfUser } from './member.repository.ts';
import { findOrganisationByOwner } from './org.repository.ts';

/** `workflow/dashboard`: the workspace home: identity, state, open to-dos, organisations. */
export async function getDashboard(ctx: AppContext, caller: Caller): Promise<Dashboard> {
  const user = await findUserById(ctx.db, caller.id);
  if (!user) throw notLoggedIn();
  const [org, todoCount, memberships] = await Promise.all([
    findOrganisationByOwner(ctx.db, caller.id),
    countOpenTodos(ctx.db, caller),
    membershipsOfUser(ctx.db, caller.id),
  ]);
  return {
    role: identityRoleOf(caller.roles),
    verify_state: user.verify_state,
    todo_count: todoCount,
    owned_org: org ? { id: org.id, name: org.name, status: org.status } : null,
    memberships,
  };
}
