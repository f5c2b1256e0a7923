import type { RoleName } from '@mathbridge/contracts/roles';
import { describe, expect, it } from 'vitest';
import { filesPolicy, PERSONAL, SHARED_TPL, standingIn, type Space, type SpaceActor } from './files.policy.ts';

const OWNER = 1;
const OTHER = 2;

const personal: Space = { kind: PERSONAL, owner_user_id: OWNER };
const itemSpace: Space = { kind: 'subject', owner_user_id: OWNER };
const sharedTpl: Space = { kind: SHARED_TPL, owner_user_id: null };

const signedIn = (
  userId: number,
  roles: RoleName[],
  verifyState: number | null = 1,
  memberRole: string | null = null,
) => ({ userId, memberRole, session: { roles, verifyState } }) satisfies SpaceActor;
const owner = signedIn(OWNER, ['Enterprise']);
const stranger = signedIn(OTHER, ['Enterprise']);
const member = (role: string) => signedIn(OTHER, ['Specialist'], 1, role);
const admin = signedIn(99, ['Admin'], null);
const institute = signedIn(OTHER, ['ResearchInstitute']);
const unverifiedInstitute = signedIn(OTHER, ['ResearchInstitute'], 0);
const specialist = signedIn(OTHER, ['Specialist']);
const enterprise = signedIn(OTHER, ['Enterprise']);

describe('files policy: a space', () => {
  const cases: [string, SpaceActor, Space, 'read' | 'write' | 'manage', boolean][] = [
    ['the owner manages their personal space', owner, personal, 'manage', true],
    ['nobody else opens a personal space', stranger, personal, 'read', false],
    ['a member row does not open someone’s personal space', member('write'), personal, 'read', false],
    ['admins get no blanket access to people’s files', admin, personal, 'read', false],
    ['the owner manages an item’s space', owner, itemSpace, 'manage', true],
    ['a reading member reads', member('read'), itemSpace, 'read', true],
    ['a reading member does not write', member('read'), itemSpace, 'write', false],
    ['a writing member writes', member('write'), itemSpace, 'write', true],
    ['a writing member does not manage', member('write'), itemSpace, 'manage', false],
    ['an unknown role grants nothing', member('owner'), itemSpace, 'read', false],
    ['a non-member does not read an item’s space', stranger, itemSpace, 'read', false],
    ['admins manage the shared templates', admin, sharedTpl, 'manage', true],
    ['a verified research institute publishes shared templates', institute, sharedTpl, 'write', true],
    ['a research institute does not manage them', institute, sharedTpl, 'manage', false],
    ['an unverified research institute does not open them', unverifiedInstitute, sharedTpl, 'read', false],
    ['a verified specialist reads them', specialist, sharedTpl, 'read', true],
    ['a verified specialist does not write them', specialist, sharedTpl, 'write', false],
    ['an unverified specialist does not open them', signedIn(OTHER, ['Specialist'], 2), sharedTpl, 'read', false],
    ['an enterprise, outside the section, does not open them', enterprise, sharedTpl, 'read', false],
    ['a visitor does not open them', signedIn(OTHER, [], null), sharedTpl, 'read', false],
  ];
  it.each(cases)('%s', (_name, actor, space, action, allowed) => {
    expect(filesPolicy.can(actor, action, space)).toBe(allowed);
  });

  it('derives the role a listing shows', () => {
    expect(standingIn(owner, personal)).toEqual({ role: 'manage', ownOnly: false });
    expect(standingIn(institute, sharedTpl)).toEqual({ role: 'write', ownOnly: true });
    expect(standingIn(member('read'), itemSpace)).toEqual({ role: 'read', ownOnly: false });
    expect(standingIn(stranger, itemSpace)).toBeNull();
  });

  it('refuses with 304', () => {
    expect(() => filesPolicy.authorize(stranger, 'read', personal)).toThrow(
      expect.objectContaining({ status: 304 }) as Error,
    );
  });
});

describe('files policy: a node', () => {
  const node = (createdBy: number | null) => ({ created_by: createdBy });
  const cases: [string, SpaceActor, Space, number | null, boolean][] = [
    ['the owner changes anything in their space', owner, itemSpace, OTHER, true],
    ['a writing member changes others’ nodes', member('write'), itemSpace, OWNER, true],
    ['a reading member changes nothing', member('read'), itemSpace, OTHER, false],
    ['an institute changes the templates it published', institute, sharedTpl, OTHER, true],
    ['an institute does not change another’s template', institute, sharedTpl, OWNER, false],
    ['admins change any template', admin, sharedTpl, OWNER, true],
    ['a reader of the templates changes none', specialist, sharedTpl, OTHER, false],
    ['a stranger changes nothing', stranger, itemSpace, OTHER, false],
  ];
  it.each(cases)('%s', (_name, actor, space, createdBy, allowed) => {
    expect(filesPolicy.can(actor, 'edit', { space, node: node(createdBy) })).toBe(allowed);
  });
});

describe('files policy: a signed link', () => {
  const link = (userId: number, memberRole: string | null = null): SpaceActor => ({ userId, memberRole });
  const cases: [string, SpaceActor, Space, boolean][] = [
    ['the owner of the space opens it', link(OWNER), personal, true],
    ['a member still in the space opens it', link(OTHER, 'read'), itemSpace, true],
    ['a member since removed does not', link(OTHER), itemSpace, false],
    ['anyone a link was issued to opens a shared template', link(OTHER), sharedTpl, true],
    ['a stranger does not open a personal file', link(OTHER), personal, false],
  ];
  it.each(cases)('%s', (_name, actor, space, allowed) => {
    expect(filesPolicy.can(actor, 'openLink', space)).toBe(allowed);
  });

  it('a session’s roles do not count when a link is opened', () => {
    // The link's user is not the caller of the call that opens it: only ownership and membership.
    expect(filesPolicy.can({ ...admin, userId: OTHER }, 'openLink', itemSpace)).toBe(false);
  });
});

describe('files policy: a file an item grants', () => {
  const file = { is_dir: 0, trashed_at: null };
  const cases: [string, boolean, { is_dir: number; trashed_at: string | null }, boolean][] = [
    ['the item names the reader: they read the file', true, file, true],
    ['the item does not name them', false, file, false],
    ['never a folder', true, { is_dir: 1, trashed_at: null }, false],
    ['never a file in the trash', true, { is_dir: 0, trashed_at: '2025-01-01T00:00:00.000Z' }, false],
  ];
  it.each(cases)('%s', (_name, itemGrants, node, allowed) => {
    expect(filesPolicy.can({ itemGrants }, 'readThroughItem', node)).toBe(allowed);
  });
});
