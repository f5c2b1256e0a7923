import type { Profile, ProfileInfo } from '@mathbridge/contracts/accounts';
import { VISITOR_ROLE, type RoleName } from '@mathbridge/contracts/roles';
import type { User } from '../../db/types.ts';

export function avatarUrl(user: Pick<User, 'id' | 'avatar_key'>): string | null {
  // The key's tail changes with every upload, so it doubles as a cache buster.
  return user.avatar_key ? `/api/user/avatar/${user.id}?v=${user.avatar_key.slice(-8)}` : null;
}

export function presentInfo(user: User): ProfileInfo {
  return {
    id: user.id,
    account: user.account,
    truename: user.truename,
    phone: user.phone,
    email: user.email,
    contact: user.contact,
    contact_phone: user.contact_phone,
    avatar: avatarUrl(user),
  };
}

/** Identity facts the identity module supplies (owned organisation, approvals to act on). */
export type ProfileIdentity = Pick<Profile, 'owned_org' | 'verification_approve'>;

export function presentProfile(
  user: User,
  roles: { role: string; status: number }[],
  identity: ProfileIdentity = { owned_org: null, verification_approve: false },
): Profile {
  return {
    info: presentInfo(user),
    roles: roles.length
      ? roles.map((r) => ({ roleName: r.role as RoleName, status: r.status }))
      : [{ roleName: VISITOR_ROLE, status: 1 }],
    owned_org: identity.owned_org,
    verification_approve: identity.verification_approve,
    verify_state: user.verify_state,
    incomplete: roles.length === 0,
  };
}
