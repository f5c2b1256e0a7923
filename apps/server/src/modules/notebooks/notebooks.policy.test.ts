import { describe, expect, it } from 'vitest';
import { notLoggedIn } from '../../lib/errors.ts';
import { notebookPolicy, type NotebookAccess, type NotebookActor } from './notebooks.policy.ts';

const owner: NotebookActor = { id: 1, roles: ['Specialist'] };
const other: NotebookActor = { id: 2, roles: ['Student'] };
const admin: NotebookActor = { id: 3, roles: ['Admin'] };
const visitor = null;

const notebook = (state: string, contribution: string): NotebookAccess => ({ owner_id: 1, state, contribution });
const draft = notebook('draft', 'none');
const published = notebook('published', 'none');
const pending = notebook('published', 'pending');
const accepted = notebook('published', 'accepted');

describe('notebookPolicy', () => {
  it.each([
    ['the owner reads their draft', owner, draft, true],
    ['an admin reads a draft', admin, draft, true],
    ['another user cannot read a draft', other, draft, false],
    ['a visitor cannot read a draft', visitor, draft, false],
    ['another user reads a published notebook', other, published, true],
    ['a visitor cannot read a published notebook not accepted', visitor, published, false],
    ['a visitor cannot read a pending contribution', visitor, pending, false],
    ['a visitor reads an accepted notebook', visitor, accepted, true],
    // The state decides first: an accepted mark alone never shows a draft.
    ['a visitor cannot read a draft marked accepted', visitor, notebook('draft', 'accepted'), false],
  ] as const)('read: %s', (_case, actor, object, allowed) => {
    expect(notebookPolicy.can(actor, 'read', object)).toBe(allowed);
  });

  it.each([
    ['the owner', owner, true],
    ['an admin', admin, true],
    ['another user', other, false],
    ['a visitor', visitor, false],
  ] as const)('readDraft (the editable document of a published notebook): %s', (_case, actor, allowed) => {
    expect(notebookPolicy.can(actor, 'readDraft', published)).toBe(allowed);
  });

  it.each(['edit', 'publish', 'contribute', 'delete', 'attach'] as const)(
    '%s: the owner only, never an admin, another user or a visitor',
    (action) => {
      expect(notebookPolicy.can(owner, action, published)).toBe(true);
      expect(notebookPolicy.can(admin, action, published)).toBe(false);
      expect(notebookPolicy.can(other, action, published)).toBe(false);
      expect(notebookPolicy.can(visitor, action, published)).toBe(false);
    },
  );

  it('an admin who owns a notebook edits it as its owner', () => {
    expect(notebookPolicy.can({ id: 1, roles: ['Admin'] }, 'edit', draft)).toBe(true);
  });

  it('only admins are told a notebook or deliverable is missing', () => {
    for (const kind of ['notebook', 'deliverable'] as const) {
      expect(notebookPolicy.can(admin, 'seeEvery', kind)).toBe(true);
      expect(notebookPolicy.can(owner, 'seeEvery', kind)).toBe(false);
      expect(notebookPolicy.can(visitor, 'seeEvery', kind)).toBe(false);
    }
  });

  it('only admins review contributions and manage categories', () => {
    expect(notebookPolicy.can(admin, 'review', 'contributions')).toBe(true);
    expect(notebookPolicy.can(owner, 'review', 'contributions')).toBe(false);
    expect(notebookPolicy.can(admin, 'manage', 'categories')).toBe(true);
    expect(notebookPolicy.can(other, 'manage', 'categories')).toBe(false);
  });

  it('a cover must be an image its user uploaded, whoever they are', () => {
    expect(notebookPolicy.can(owner, 'useImage', { owner_id: 1 })).toBe(true);
    expect(notebookPolicy.can(owner, 'useImage', { owner_id: 2 })).toBe(false);
    expect(notebookPolicy.can(admin, 'useImage', { owner_id: 1 })).toBe(false);
    expect(notebookPolicy.can(owner, 'useImage', { owner_id: null })).toBe(false);
  });

  const image = (over: Partial<Parameters<typeof notebookPolicy.rules.seeImage>[1]> = {}) => ({
    owner_id: 1,
    category_cover: false,
    notebooks: [] as NotebookAccess[],
    ...over,
  });
  it.each([
    ["a category's cover: a visitor", visitor, image({ category_cover: true }), true],
    ['an image not used yet: its uploader', owner, image(), true],
    ['an image not used yet: an admin', admin, image(), true],
    ['an image not used yet: another user', other, image(), false],
    ['an image not used yet: a visitor', visitor, image(), false],
    ["a published notebook's cover: another user", other, image({ notebooks: [published] }), true],
    ["a published notebook's cover: a visitor", visitor, image({ notebooks: [published] }), false],
    ["an accepted notebook's cover: a visitor", visitor, image({ notebooks: [draft, accepted] }), true],
    ["a draft's cover: another user", other, image({ notebooks: [draft] }), false],
  ] as const)('seeImage: %s', (_case, actor, object, allowed) => {
    expect(notebookPolicy.can(actor, 'seeImage', object)).toBe(allowed);
  });

  it('deliverTo: only the institute that wrote the solution; a caller acting for none, never', () => {
    expect(notebookPolicy.can({ org: { id: 7 } }, 'deliverTo', { org_id: 7 })).toBe(true);
    expect(notebookPolicy.can({ org: { id: 8 } }, 'deliverTo', { org_id: 7 })).toBe(false);
    expect(notebookPolicy.can(null, 'deliverTo', { org_id: 7 })).toBe(false);
  });

  it('detach: whoever attached the deliverable, not an admin', () => {
    expect(notebookPolicy.can(owner, 'detach', { owner_id: 1 })).toBe(true);
    expect(notebookPolicy.can(other, 'detach', { owner_id: 1 })).toBe(false);
    expect(notebookPolicy.can(admin, 'detach', { owner_id: 1 })).toBe(false);
  });

  it('authorize refuses with 304 by default, or with the refusal the service gives', () => {
    expect(() => notebookPolicy.authorize(other, 'edit', draft)).toThrow(
      expect.objectContaining({ status: 304 }) as Error,
    );
    expect(() => notebookPolicy.authorize(owner, 'edit', draft)).not.toThrow();
    expect(() => notebookPolicy.authorize(visitor, 'read', draft, notLoggedIn)).toThrow(
      expect.objectContaining({ status: 305 }) as Error,
    );
  });
});
