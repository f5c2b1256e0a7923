import { businessToday } from '@mathbridge/contracts/demands';
import type { Db } from '../../db/database.ts';

/** Open jobs (published, deadline not passed) for the public portal's statistics (content module). */
export async function openJobCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'published')
    .where('deadline', '>=', businessToday())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
