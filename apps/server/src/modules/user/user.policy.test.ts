import { describe, expect, it } from 'vitest';
import { userPolicy } from './user.policy.ts';

describe('user policy: a contact entry', () => {
  const cases: [string, { id: number }, { user_id: number }, boolean][] = [
    ['its keeper edits it', { id: 1 }, { user_id: 1 }, true],
    ['another user does not', { id: 2 }, { user_id: 1 }, false],
  ];
  it.each(cases)('%s', (_name, caller, contact, allowed) => {
    expect(userPolicy.can(caller, 'editContact', contact)).toBe(allowed);
  });

  it('an admin has no override: 304', () => {
    // Contacts are private address books; the admin's role is not consulted at all.
    expect(() => userPolicy.authorize({ id: 99 }, 'editContact', { user_id: 1 })).toThrow(
      expect.objectContaining({ status: 304 }) as Error,
    );
  });
});
