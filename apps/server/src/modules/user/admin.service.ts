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

/**
 * Creates an admin with this phone, or makes an existing user an admin and resets the password.
 * Returns the password so the caller can print it once; it is stored only as an argon2id hash.
 */
export async function createOrResetAdmin(db: Db, phone: string, password = newPassword()) {
  const passwordHash = await hashPassword(password);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const existing = await findUserByPhone(trx, phone);
    const user =
      existing ??
      (await insertUser(
        trx,
        newUserRow({ phone, password_hash: passwordHash, account: 'admin', verify_state: 1 }, now),
      ));
    if (existing)
      await updateUser(trx, user.id, { password_hash: passwordHash, verify_state: 1, disabled: 0, updated_at: now });
    await addRole(trx, user.id, 'Admin', now);
    // A reset password must end sessions opened with the old one.
    await endAllSessions(trx, user.id, 'password');
    await writeAudit(trx, {
      actorId: null,
      action: existing ? 'admin.reset' : 'admin.create',
      targetType: 'user',
      targetId: user.id,
    });
    return { phone, password, created: !existing };
  });
}
