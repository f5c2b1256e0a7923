import { describe, expect, it } from 'vitest';
import { VERIFY_STATE } from '@mathbridge/contracts/roles';
import { homePath } from './home-path.ts';

describe('where a signed-in user lands', () => {
  it('a certified user lands in the workspace, whatever is left of the checklist', () => {
    expect(homePath({ verify_state: VERIFY_STATE.verified })).toBe('/manage');
  });

  it('a user not yet certified lands on the checklist: no identity, under review or rejected', () => {
    for (const verify_state of [null, -1, VERIFY_STATE.pending, VERIFY_STATE.rejected])
      expect(homePath({ verify_state })).toBe('/firstmeet');
  });

  it('without a profile (it failed to load) the checklist is the answer', () => {
    expect(homePath(null)).toBe('/firstmeet');
  });
});
