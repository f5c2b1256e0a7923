import { describe, expect, it } from 'vitest';
import { wishPolicy, type WishViewer } from './wishes.policy.ts';

const nobody: WishViewer = { admin: false, enterpriseId: null, instituteId: null, responded: false };
const admin: WishViewer = { ...nobody, admin: true };
const owner: WishViewer = { ...nobody, enterpriseId: 1 };
const otherEnterprise: WishViewer = { ...nobody, enterpriseId: 2 };
const institute: WishViewer = { ...nobody, instituteId: 10 };
const responder: WishViewer = { ...institute, responded: true };

const wish = (status: string) => ({ id: 3, org_id: 1, status });

describe('wishPolicy', () => {
  it('who sees a wish: its enterprise and admins always, institutes while open or once they responded', () => {
    const cases: [string, WishViewer, string, boolean][] = [
      ['the owner', owner, 'closed', true],
      ['an admin', admin, 'closed', true],
      ['another enterprise', otherEnterprise, 'open', false],
      ['a user of no organisation', nobody, 'open', false],
      ['an institute', institute, 'open', true],
      ['an institute', institute, 'closed', false],
      ['a responder', responder, 'closed', true],
    ];
    for (const [who, viewer, status, allowed] of cases)
      expect(wishPolicy.can(viewer, 'see', wish(status)), `${who}, ${status}`).toBe(allowed);
  });

  it("the enterprise's contact: its own and the institutes that responded; not admins or other institutes", () => {
    expect(wishPolicy.can(owner, 'seeContact', wish('open'))).toBe(true);
    expect(wishPolicy.can(responder, 'seeContact', wish('open'))).toBe(true);
    expect(wishPolicy.can(institute, 'seeContact', wish('open'))).toBe(false);
    expect(wishPolicy.can(admin, 'seeContact', wish('open'))).toBe(false);
  });

  it('its enterprise closes it; its enterprise and admins read the responses; institutes respond', () => {
    expect(wishPolicy.can(owner, 'close', wish('open'))).toBe(true);
    expect(wishPolicy.can(otherEnterprise, 'close', wish('open'))).toBe(false);
    expect(wishPolicy.can(admin, 'close', wish('open'))).toBe(false);
    expect(wishPolicy.can(owner, 'readResponses', wish('open'))).toBe(true);
    expect(wishPolicy.can(admin, 'readResponses', wish('open'))).toBe(true);
    expect(wishPolicy.can(otherEnterprise, 'readResponses', wish('open'))).toBe(false);
    expect(wishPolicy.can(institute, 'respond', wish('open'))).toBe(true);
    expect(wishPolicy.can(owner, 'respond', wish('open'))).toBe(false);
  });

  it('authorize refuses with 304', () => {
    expect(() => wishPolicy.authorize(otherEnterprise, 'close', wish('open'))).toThrow(
      expect.objectContaining({ status: 304 }) as Error,
    );
  });
});
