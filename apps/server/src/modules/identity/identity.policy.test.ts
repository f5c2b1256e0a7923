import type { RoleName } from '@mathbridge/contracts/roles';
import { describe, expect, it } from 'vitest';
import { identityPolicy, type OrgOwnerActor } from './identity.policy.ts';
import { ORG_STATUS } from './org.repository.ts';

const OWNER = 1;
const as = (id: number, roles: RoleName[] = ['Enterprise'], verifyState: number | null = 1) => ({
  id,
  roles,
  verifyState,
});
const owner = as(OWNER);
const stranger = as(2);
const unverified = as(3, ['Specialist'], 0);
const admin = as(99, ['Admin'], null);

const certified = { owner_id: OWNER, status: ORG_STATUS.certified };
const pending = { owner_id: OWNER, status: ORG_STATUS.pending };

describe('identity policy: an organisation', () => {
  type Viewer = ReturnType<typeof as> | null;
  const read: [string, Viewer, typeof certified | typeof pending, boolean][] = [
    ['anyone reads a certified organisation', null, certified, true],
    ['a signed-in stranger reads a certified one', stranger, certified, true],
    ['its owner reads an uncertified one', owner, pending, true],
    ['an admin reads an uncertified one', admin, pending, true],
    ['a stranger does not read an uncertified one', stranger, pending, false],
    ['nor does an anonymous reader', null, pending, false],
  ];
  it.each(read)('%s', (_name, caller, org, allowed) => {
    expect(identityPolicy.can(caller, 'read', org)).toBe(allowed);
  });

  const contact: [string, Viewer, boolean][] = [
    ['its owner sees the contact details', owner, true],
    ['an admin sees them', admin, true],
    ['a verified user sees them', stranger, true],
    ['an unverified user does not', unverified, false],
    ['an anonymous reader does not', null, false],
  ];
  it.each(contact)('%s', (_name, caller, allowed) => {
    expect(identityPolicy.can(caller, 'seeContact', certified)).toBe(allowed);
  });

  const manage: [string, ReturnType<typeof as>, boolean][] = [
    ['its owner manages members and invitations', owner, true],
    ['an admin does', admin, true],
    ['a stranger does not', stranger, false],
  ];
  it.each(manage)('%s', (_name, caller, allowed) => {
    expect(identityPolicy.can(caller, 'manageMembers', certified)).toBe(allowed);
  });
});

describe('identity policy: naming an organisation in a members or invitations call', () => {
  const owning = (caller: ReturnType<typeof as>, ownedId?: number): OrgOwnerActor => ({
    caller,
    owned: ownedId === undefined ? undefined : { id: ownedId },
  });
  const cases: [string, OrgOwnerActor, number | undefined, boolean][] = [
    ['an owner naming none acts for their own', owning(owner, 10), undefined, true],
    ['an owner names their own', owning(owner, 10), 10, true],
    ['an owner does not name another', owning(owner, 10), 11, false],
    ['someone without an organisation names none of their own', owning(stranger), undefined, false],
    ['someone without an organisation names no other either', owning(stranger), 10, false],
    ['an admin names any', owning(admin), 11, true],
    ['an admin naming none needs an organisation of their own', owning(admin), undefined, false],
  ];
  it.each(cases)('%s', (_name, actor, orgId, allowed) => {
    expect(identityPolicy.can(actor, 'nameOrganisation', orgId)).toBe(allowed);
  });
});

describe('identity policy: certification requests and images', () => {
  const cases: [string, ReturnType<typeof as>, boolean][] = [
    ['the applicant', owner, true],
    ['an admin', admin, true],
    ['nobody else', stranger, false],
  ];
  it.each(cases)('%s reads a request and its ID number in full', (_name, caller, allowed) => {
    expect(identityPolicy.can(caller, 'readCertification', { user_id: OWNER })).toBe(allowed);
  });
  it.each(cases)('%s reads a certificate image', (_name, caller, allowed) => {
    expect(identityPolicy.can(caller, 'readCertificate', { owner_id: OWNER })).toBe(allowed);
  });

  it('a form names only images its applicant uploaded: admins included', () => {
    expect(identityPolicy.can({ id: OWNER }, 'attachCertificate', { owner_id: OWNER })).toBe(true);
    expect(identityPolicy.can({ id: 2 }, 'attachCertificate', { owner_id: OWNER })).toBe(false);
    expect(identityPolicy.can(admin, 'attachCertificate', { owner_id: OWNER })).toBe(false);
    expect(identityPolicy.can({ id: OWNER }, 'attachCertificate', { owner_id: null })).toBe(false);
  });

  it('refuses with 304', () => {
    expect(() => identityPolicy.authorize(stranger, 'readCertificate', { owner_id: OWNER })).toThrow(
      expect.objectContaining({ status: 304 }) as Error,
    );
  });
});
