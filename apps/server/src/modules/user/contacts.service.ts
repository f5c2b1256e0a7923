import type { Contact, ContactInput } from '@mathbridge/contracts/accounts';
import type { AppContext } from '../../context.ts';
import type { ContactRow } from '../../db/types.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { clearDefaultContact, countContacts, findContact, listContacts } from './contacts.repository.ts';
import { userPolicy } from './user.policy.ts';

/** A user keeps at most this many contact entries. */
export const MAX_CONTACTS = 50;

const present = (row: ContactRow): Contact => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  email: row.email,
  position: row.position,
  is_default: row.is_default,
  created_at: row.created_at,
});

export async function contactList(ctx: AppContext, caller: Caller) {
  const rows = await listContacts(ctx.db, caller.id);
  return { items: rows.map(present), total: rows.length };
}

/** Creates a contact, or edits one of the caller's own when `id` is given. */
export async function contactModify(ctx: AppContext, caller: Caller, input: ContactInput, ip: string) {
  const now = nowIso();
  const fields = {
    name: input.name,
    phone: input.phone,
    email: input.email ?? null,
    position: input.position ?? null,
    is_default: input.is_default ?? 0,
  };
  const saved = await ctx.db.transaction().execute(async (trx) => {
    if (input.id !== undefined) {
      const existing = await findContact(trx, input.id);
      if (!existing) throw notFound('errors.contactNotFound');
      userPolicy.authorize(caller, 'editContact', existing);
    } else if ((await countContacts(trx, caller.id)) >= MAX_CONTACTS) {
      throw conflict();
    }
    if (fields.is_default === 1) await clearDefaultContact(trx, caller.id);
    const row =
      input.id !== undefined
        ? await trx
            .updateTable('contacts')
            .set({ ...fields, updated_at: now })
            .where('id', '=', input.id)
            .returningAll()
            .executeTakeFirstOrThrow()
        : await trx
            .insertInto('contacts')
            .values({ ...fields, user_id: caller.id, created_at: now, updated_at: now })
            .returningAll()
            .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actorId: caller.id,
      action: input.id ? 'contact.update' : 'contact.create',
      targetType: 'contact',
      targetId: row.id,
      ip,
    });
    return row;
  });
  return present(saved);
}

export async function contactDelete(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<null> {
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await findContact(trx, id);
    if (!existing) throw notFound('errors.contactNotFound');
    userPolicy.authorize(caller, 'editContact', existing);
    await trx.deleteFrom('contacts').where('id', '=', id).execute();
    await writeAudit(trx, { actorId: caller.id, action: 'contact.delete', targetType: 'contact', targetId: id, ip });
  });
  return null;
}
