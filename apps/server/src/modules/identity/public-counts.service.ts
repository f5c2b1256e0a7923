import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { ORG_STATUS } from './org.repository.ts';

/**
 * Counts of certified identities for the public portal's statistics (content module,
 * `index/statistics`): organisations by type, and people whose newest certification of the role
 * is approved and who are verified.
 */
export interface CertifiedCounts {
  enterprises: number;
  institutes: number;
  specialists: number;
  students: number;
}

export async function certifiedCounts(db: Db): Promise<CertifiedCounts> {
  const [orgs, people] = await Promise.all([
    db
      .selectFrom('organisations')
      .select(['type', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', '=', ORG_STATUS.certified)
      .groupBy('type')
      .execute(),
    db
      .selectFrom('certifications as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.role', (eb) => eb.fn.countAll<number>().as('n')])
      .where('c.role', 'in', ['Specialist', 'Student'])
      .where('c.status', '=', 1)
      .where('u.verify_state', '=', 1)
      .where(sql<boolean>`not exists (select 1 from certifications n where n.user_id = c.user_id and n.id > c.id)`)
      .groupBy('c.role')
      .execute(),
  ]);
  const orgCount = (type: string) => Number(orgs.find((r) => r.type === type)?.n ?? 0);
  const peopleCount = (role: string) => Number(people.find((r) => r.role === role)?.n ?? 0);
  return {
    enterprises: orgCount('Enterprise'),
    institutes: orgCount('ResearchInstitute'),
    specialists: peopleCount('Specialist'),
    students: peopleCount('Student'),
  };
}
