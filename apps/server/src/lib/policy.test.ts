import { describe, expect, it } from 'vitest';
import { AppError, notFound } from './errors.ts';
import { definePolicy } from './policy.ts';

interface Actor {
  orgId: number;
  admin: boolean;
}

const policy = definePolicy({
  edit: (actor: Actor, demand: { org_id: number }) => demand.org_id === actor.orgId,
  read: (actor: Actor | null, demand: { org_id: number; status: string }) =>
    demand.status === 'published' || (actor !== null && (actor.admin || demand.org_id === actor.orgId)),
});

describe('definePolicy', () => {
  const owner = { orgId: 1, admin: false };
  const stranger = { orgId: 2, admin: false };

  it('answers each rule for its actor and object', () => {
    expect(policy.can(owner, 'edit', { org_id: 1 })).toBe(true);
    expect(policy.can(stranger, 'edit', { org_id: 1 })).toBe(false);
    expect(policy.can(null, 'read', { org_id: 1, status: 'published' })).toBe(true);
    expect(policy.can(null, 'read', { org_id: 1, status: 'draft' })).toBe(false);
    expect(policy.can({ orgId: 9, admin: true }, 'read', { org_id: 1, status: 'draft' })).toBe(true);
  });

  it('authorize refuses with 304, or with the error the module chooses', () => {
    expect(() => policy.authorize(owner, 'edit', { org_id: 1 })).not.toThrow();
    const refused = (() => {
      try {
        policy.authorize(stranger, 'edit', { org_id: 1 });
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(304);
    expect(() => policy.authorize(null, 'read', { org_id: 1, status: 'draft' }, () => notFound())).toThrow(
      expect.objectContaining({ status: 404 }) as Error,
    );
  });

  it('keeps its rules for tests that enumerate them', () => {
    expect(Object.keys(policy.rules)).toEqual(['edit', 'read']);
  });
});
