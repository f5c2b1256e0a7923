import { maskMobile } from '@mathbridge/contracts/validation';
import type { Db } from '../../db/database.ts';
import { ShortCache } from '../../db/short-cache.ts';
import type { CertificationRow } from '../../db/types.ts';
import { latestCertificationOf, latestCertificationsOf, searchCertifiedPeople } from './certification.repository.ts';

/** Certified people (specialists, students, …) as other modules see them: name and research fields. */

export interface CertifiedPerson {
  id: number;
  role: string;
  name: string;
  research_fields: string[];
}

/** A certification row as a person, when it is an approved personal one; null otherwise. */
function personOf(userId: number, cert: CertificationRow | undefined): CertifiedPerson | null {
  if (!cert || cert.status !== 1 || cert.org_id !== null) return null;
  let fields: unknown = [];
  try {
    fields = (JSON.parse(cert.data) as { research_fields?: unknown }).research_fields ?? [];
  } catch {
    fields = [];
  }
  return {
    id: userId,
    role: cert.role,
    name: cert.title,
    research_fields: Array.isArray(fields) ? fields.filter((f): f is string => typeof f === 'string') : [],
  };
}

/** The user's newest certification when it is approved, as a person; null for none, pending or organisations. */
export async function certifiedPersonOf(db: Db, userId: number): Promise<CertifiedPerson | null> {
  return personOf(userId, await latestCertificationOf(db, userId));
}

const personCache = new ShortCache<number, CertifiedPerson | null>(['certifications']);

/**
 * certifiedPersonOf behind the short cache (db/short-cache.ts; any write to certifications drops
 * it): for hot reads by user id, such as the research pools asking for the viewer's fields on
 * every page.
 */
export const certifiedPersonOfUser = (db: Db, userId: number): Promise<CertifiedPerson | null> =>
  personCache.get(db, userId, () => certifiedPersonOf(db, userId));

/** certifiedPersonOf for many users in one query: user id → person, for those who are certified people. */
export async function certifiedPeopleOf(db: Db, userIds: readonly number[]): Promise<Map<number, CertifiedPerson>> {
  const out = new Map<number, CertifiedPerson>();
  for (const cert of await latestCertificationsOf(db, [...new Set(userIds)])) {
    const person = personOf(cert.user_id, cert);
    if (person) out.set(cert.user_id, person);
  }
  return out;
}

/** Up to `limit` verified people of `role` by certified name or phone start (phones masked). */
export async function searchCertified(db: Db, role: string, keyword: string, limit = 20) {
  const rows = await searchCertifiedPeople(db, role, keyword, limit);
  return rows.map((row) => ({ id: row.id, name: row.title, phone: maskMobile(row.phone) }));
}
