import type { ContactRow } from '../../db/types.ts';
import { definePolicy } from '../../lib/policy.ts';
import type { Caller } from '../../plugins/call.ts';

/**
 * Who may do what with a user's own records (DESIGN §19). Objects: contact entries. Accounts and
 * sessions are only ever the caller's own (every call acts on `caller.id`), so they need no rule.
 */

export const userPolicy = definePolicy({
  /** Edit or delete a contact entry: only the user who keeps it (admins included: no override). */
  editContact: (caller: Pick<Caller, 'id'>, contact: Pick<ContactRow, 'user_id'>) => contact.user_id === caller.id,
});
