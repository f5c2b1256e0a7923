import { endpoint } from '@mathbridge/contracts/endpoint';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_ROLES, type IdentityRole } from '@mathbridge/contracts/identity';
import { VISITOR_ROLE, type RoleName } from '@mathbridge/contracts/roles';
import { MANAGE_SECTIONS, canOpenSection } from '@mathbridge/contracts/routes';
import { canUseSection } from '@mathbridge/contracts/workspace';
import { defineCall } from '../../plugins/call.ts';
import { call, describeApi, useTestApp } from '../../test/harness.ts';
import { certifiedUser, newUser, signInAdmin, type TestUser } from './identity.fixtures.ts';

/**
 * The route × role matrix (issue 3 point 7): every /manage section × every role, certified or
 * not, against the server. The web guard uses the same contracts function (`canUseSection`), so
 * the two agree exactly when the server answers as that function says.
 *
 * Sections with a real call are checked through it; the others through a probe call declared the
 * way every workspace call is (`section` + `verified`), registered on the test app only.
 */
const REAL_CALLS: Record<string, string> = {
  dashboard: 'workflow/dashboard',
  todoList: 'workflow/todoList',
};

const probePath = (key: string) => `test/section/${key}`;

interface Subject {
  label: string;
  roles: RoleName[];
  verifyState: number | null;
  user: TestUser;
}

describeApi('workspace route × role matrix', () => {
  const t = useTestApp();
  const subjects: Subject[] = [];

  beforeAll(async () => {
    for (const section of MANAGE_SECTIONS) {
      if (REAL_CALLS[section.key]) continue;
      const probe = endpoint({
        method: 'GET',
        path: probePath(section.key),
        summary: `probe of ${section.key}`,
        auth: 'user',
        section: section.key,
        verified: true,
        output: z.object({ section: z.string() }),
      });
      defineCall(t().app, probe, async () => ({ section: section.key }));
    }
    const admin = await signInAdmin(t());
    subjects.push({ label: 'Admin', roles: ['Admin'], verifyState: 1, user: admin });
    subjects.push({ label: 'visitors', roles: [VISITOR_ROLE], verifyState: null, user: await newUser(t().app) });
    for (const role of IDENTITY_ROLES) {
      subjects.push({
        label: `${role} (certified)`,
        roles: [role],
        verifyState: 1,
        user: await certifiedUser(t().app, admin, role),
      });
      const chosen = await newUser(t().app);
      const reply = await call(t().app, 'POST', 'user/roleSelect', { role }, { token: chosen.token });
      if (reply.status !== 200) throw new Error(`roleSelect ${role}: ${reply.status}`);
      subjects.push({ label: `${role} (not certified)`, roles: [role], verifyState: null, user: chosen });
    }
  });

  it('covers every section, every identity, visitors and Admin', () => {
    expect(subjects).toHaveLength(2 + IDENTITY_ROLES.length * 2);
    expect(MANAGE_SECTIONS.length).toBe(18);
  });

  for (const section of MANAGE_SECTIONS) {
    it(`${section.key}: the server answers 200 exactly where the web guard opens it, 304 elsewhere`, async () => {
      const path = REAL_CALLS[section.key] ?? probePath(section.key);
      for (const subject of subjects) {
        const expected = canUseSection(subject.roles, subject.verifyState, section.key) ? 200 : 304;
        const reply = await call(t().app, 'GET', path, {}, { token: subject.user.token });
        expect(reply.status, `${section.key} × ${subject.label}`).toBe(expected);
      }
      // Signed out, every workspace call asks for sign-in.
      expect((await call(t().app, 'GET', path)).status).toBe(305);
    });
  }

  describe('canUseSection, the rule both sides apply', () => {
    it('is the spec §6 table plus verify_state 1, Admin passing both', () => {
      for (const section of MANAGE_SECTIONS) {
        expect(canUseSection(['Admin'], null, section.key)).toBe(true);
        for (const role of [...IDENTITY_ROLES, VISITOR_ROLE] as (IdentityRole | typeof VISITOR_ROLE)[]) {
          expect(canUseSection([role], 1, section.key)).toBe(canOpenSection([role], section.key));
          for (const state of [null, -1, 0, 2]) expect(canUseSection([role], state, section.key)).toBe(false);
        }
      }
    });
  });
});
