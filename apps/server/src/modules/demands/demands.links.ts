import { routePath } from '@mathbridge/contracts/routes';
import type { Db } from '../../db/database.ts';
import type { LinkReader, ModuleLinks } from '../../lib/links.ts';
import { rolesOf } from '../user/user.service.ts';
import { findCooperation, findSolution } from './solutions.repository.ts';

/**
 * Where the to-dos and notifications about demands, solutions and cooperations lead (DESIGN §19).
 * A demand's page is the enterprise's (demandManage), the admins' review included; an institute
 * reader sees it in demandManageRI. A solution is read on its demand's page by the enterprise, in
 * the solutions list by its institute. A cooperation opens its demand's page, on the reader's side.
 */

/** The demand's page on the reader's side: demandManage for an enterprise (and an admin's role), else demandManageRI. */
async function demandPage(db: Db, reader: LinkReader, demandId: number): Promise<string> {
  const enterprise = 'role' in reader || (await rolesOf(db, reader.userId)).some((row) => row.role === 'Enterprise');
  return routePath(`/manage/${enterprise ? 'demandManage' : 'demandManageRI'}/detail/:demand_id`, {
    demand_id: demandId,
  });
}

function found<T>(row: T | undefined, what: string): T {
  if (!row) throw new Error(`link to a missing ${what}`);
  return row;
}

export const demandLinks: ModuleLinks = {
  demand: (db, { target, reader }) => demandPage(db, reader, target.id),
  solution: async (db, { kind, target, reader }) => {
    // The enterprise reviews (and hears of) an answer on its demand's page.
    if (kind === 'solutionReview' || kind === 'solutionReceived') {
      const solution = found(await findSolution(db, target.id), 'solution');
      return demandPage(db, reader, solution.demand_id);
    }
    return routePath('/manage/solutions', {}, { id: target.id });
  },
  cooperation: async (db, { target, reader }) => {
    const cooperation = found(await findCooperation(db, target.id), 'cooperation');
    const institute = 'userId' in reader && reader.userId === cooperation.institute_user_id;
    return routePath(
      `/manage/${institute ? 'demandManageRI' : 'demandManage'}/detail/:demand_id`,
      { demand_id: cooperation.demand_id },
      {},
      'cooperation',
    );
  },
};
