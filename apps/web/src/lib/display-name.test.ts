import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Profile } from '@mathbridge/contracts/accounts';
import { displayName } from './display-name.ts';

// The Simplified Chinese string stands in for the catalog: what matters is what the name holds.
const t = ((key: string, values: { tail: string }) => `${key}:用户${values.tail}`) as unknown as TFunction;

function profile(info: Partial<Profile['info']>, owned_org: Profile['owned_org'] = null) {
  return {
    info: {
      id: 7,
      account: '16712345678',
      truename: null,
      phone: '16712345678',
      email: null,
      contact: null,
      contact_phone: null,
      avatar: null,
      ...info,
    },
    owned_org,
  };
}

describe('what the product calls the signed-in user', () => {
  it('the real name first', () => {
    expect(displayName(profile({ truename: '林晓' }, { id: 1, name: '数桥科技' }), t)).toBe('林晓');
  });

  it('a username the user chose, not the phone number the account starts as', () => {
    expect(displayName(profile({ account: 'linxiao' }), t)).toBe('linxiao');
  });

  it('an owner without a real name is called by the organisation', () => {
    expect(displayName(profile({}, { id: 1, name: '杭州数桥科技有限公司' }), t)).toBe('杭州数桥科技有限公司');
  });

  it('anyone else by a masked name, never by the phone number', () => {
    const name = displayName(profile({ truename: '  ' }), t);
    expect(name).toBe('nav.maskedUser:用户****5678');
    expect(name).not.toContain('167');
  });
});
