import { describe, expect, it } from 'vitest';
import { notFound } from '../../lib/errors.ts';
import { contentPolicy, type ContentActor, type ContentArea } from './content.policy.ts';

const admin: ContentActor = { roles: ['Admin'] };
const enterprise: ContentActor = { roles: ['Enterprise'] };
const student: ContentActor = { roles: ['Student'] };
const visitor = null;
const noRole: ContentActor = { roles: ['visitors'] };

const AREAS: ContentArea[] = ['articles', 'categories', 'images', 'banners', 'manual', 'site', 'consultations'];

describe('contentPolicy', () => {
  it.each(AREAS)('manage %s: admins only', (area) => {
    expect(contentPolicy.can(admin, 'manage', area)).toBe(true);
    expect(contentPolicy.can(enterprise, 'manage', area)).toBe(false);
    expect(contentPolicy.can(noRole, 'manage', area)).toBe(false);
  });

  it.each([
    ['a visible article: a visitor', visitor, true, true],
    ['a visible article: a signed-in user', enterprise, true, true],
    ['a visible article: an admin', admin, true, true],
    ['a hidden article (draft, withdrawn, scheduled): a visitor', visitor, false, false],
    ['a hidden article: a signed-in user', enterprise, false, false],
    ['a hidden article: an admin (a preview)', admin, false, true],
  ] as const)('read %s', (_case, actor, visible, allowed) => {
    expect(contentPolicy.can(actor, 'read', { visible })).toBe(allowed);
  });

  it('only admins preview (and count no view), whatever the article', () => {
    for (const visible of [true, false]) {
      expect(contentPolicy.can(admin, 'preview', { visible })).toBe(true);
      expect(contentPolicy.can(enterprise, 'preview', { visible })).toBe(false);
      expect(contentPolicy.can(visitor, 'preview', { visible })).toBe(false);
    }
  });

  it.each([
    ['a shown image: a visitor', visitor, true, true],
    ['an image nothing shows: a visitor', visitor, false, false],
    ['an image nothing shows: a signed-in user', student, false, false],
    ['an image nothing shows: an admin', admin, false, true],
  ] as const)('seeImage %s', (_case, actor, shown, allowed) => {
    expect(contentPolicy.can(actor, 'seeImage', { shown })).toBe(allowed);
  });

  it.each([
    ['pages for everyone: a visitor', visitor, 'all', true],
    ["a role's pages: a visitor", visitor, 'Student', false],
    ["their role's pages: a student", student, 'Student', true],
    ["another role's pages: a student", student, 'Enterprise', false],
    ["any role's pages: an admin", admin, 'Enterprise', true],
    ['pages of an audience no one selects: a user holding that role name', noRole, 'visitors', false],
  ] as const)('showManual %s', (_case, actor, audience, allowed) => {
    expect(contentPolicy.can(actor, 'showManual', { audience })).toBe(allowed);
  });

  it('authorize answers 404 where the service hides a hidden article', () => {
    expect(() => contentPolicy.authorize(visitor, 'read', { visible: false }, () => notFound())).toThrow(
      expect.objectContaining({ status: 404 }) as Error,
    );
    expect(() => contentPolicy.authorize(enterprise, 'manage', 'articles')).toThrow(
      expect.objectContaining({ status: 304 }) as Error,
    );
  });
});
