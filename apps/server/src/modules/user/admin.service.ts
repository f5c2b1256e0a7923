import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { hashPassword, newPassword } from '../../lib/crypto.ts';
import { nowIso } from '../../lib/time.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { endAllSessions } from './session.service.ts';
import { addRole, findUserByPhone, insertUser, updateUser, newUserRow } from './user.repository.ts';

/** Whether any user holds the Admin role (first start creates one when none does). */
export async function adminExists(db: Db): Promise<boolean> {
  return (
    (await db.selectFrom('user_roles').select('user_id').where('role', '=', 'Admin').executeTakeFirst()) !== undefined
  );
}

export interface AdminPassword {
  phone: string;
  /** To print once: it is stored only as an argon2id hash. */
  password: string;
  created: boolean;
}

/**
 * Creates an admin with this phone, or makes an existing user an admin and resets the password
 * (`npm run admin`). Answers the password so the caller can print it once.
 */
export async function createOrResetAdmin(db: Db, phone: string, password = newPassword()): Promise<AdminPassword> {
  const passwordHash = await hashPassword(password);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const existing = await findUserByPhone(trx, phone);
    const userId = existing?.id ?? (await insertUser(trx, adminRow(phone, passwordHash, now))).id;
    await grantAdmin(trx, userId, { created: !existing, passwordHash, now });
    return { phone, password, created: !existing };
  });
}

/**
 * First start: the first admin, unless an admin exists. Safe when several instances start at once
 * over one database (a deploy of N): each inserts the phone's row or waits for the one inserting
 * it, then takes its row lock and looks again, so exactly one creates (or promotes) the admin and
 * prints a password; the others answer null and change nothing (no second password that voids the
 * first one printed).
 */
export async function createFirstAdmin(db: Db, phone: string, password = newPassword()): Promise<AdminPassword | null> {
  if (await adminExists(db)) return null;
  const passwordHash = await hashPassword(password);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('users')
      .values(adminRow(phone, passwordHash, now))
      .onConflict((oc) => oc.column('phone').doNothing())
      .returning('id')
      .executeTakeFirst();
    // A write that changes nothing takes the row's lock (portable: SQLite has no FOR UPDATE), so a
    // parallel first start has committed its admin, or not begun, when this one looks.
    const user = await trx
      .updateTable('users')
      .set({ phone: sql<string>`phone` })
      .where('phone', '=', phone)
      .returning('id')
      .executeTakeFirstOrThrow();
    if (await adminExists(trx)) return null;
    await grantAdmin(trx, user.id, { created: inserted !== undefined, passwordHash, now });
    return { phone, password, created: inserted !== undefined };
  });
}

const adminRow = (phone: string, passwordHash: string, now: string) =>
  newUserRow({ phone, password_hash: passwordHash, account: 'admin', verify_state: 1 }, now);

/** The Admin role and a fresh password, in the caller's transaction; sessions opened with an old password end. */
async function grantAdmin(
  trx: Db,
  userId: number,
  { created, passwordHash, now }: { created: boolean; passwordHash: string; now: string },
): Promise<void> {
  if (!created)
    await updateUser(trx, userId, { password_hash: passwordHash, verify_state: 1, disabled: 0, updated_at: now });
  await addRole(trx, userId, 'Admin', now);
  await endAllSessions(trx, userId, 'password');
  await writeAudit(trx, {
    actorId: null,
    action: created ? 'admin.create' : 'admin.reset',
    targetType: 'user',
    targetId: userId,
  });
}
