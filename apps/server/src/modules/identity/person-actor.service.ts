import { maskMobile } from '@mathbridge/contracts/validation';
import type { Db } from '../../db/database.ts';
import { latestCertificationOf, searchCertifiedPeople } from './certification.repository.ts';

/** Certified people (specialists, students, …) as other modules see them: name and research fields. */

export interface CertifiedPerson {
  id: number;
  role: string;
  name: string;
  research_fields: string[];
}

/** The user's newest certification when it is approved, as a person; null for none, pending or organisations. */
export async function certifiedPersonOf(db: Db, userId: number): Promise<CertifiedPerson | null> {
  const cert = await latestCertificationOf(db, userId);
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

/** Up to `limit` verified people of `role` by certified name or phone start (phones masked). */
export async function searchCertified(db: Db, role: string, keyword: string, limit = 20) {
  const rows = await searchCertifiedPeople(db, role, keyword, limit);
  return rows.map((row) => ({ id: row.id, name: row.title, phone: maskMobile(row.phone) }));
}
