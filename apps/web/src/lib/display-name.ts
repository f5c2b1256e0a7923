import type { TFunction } from 'i18next';
import type { Profile } from '@mathbridge/contracts/accounts';

/** A phone number as a name may show it: its last four digits behind a mask ('****1234'). */
export function maskedPhone(phone: string): string {
  return `****${phone.replace(/\D/g, '').slice(-4)}`;
}

/**
 * What the product calls the signed-in user (greetings, the avatar menu): the real name; else a
 * username they chose (the account is the phone number until they do); else the organisation they
 * own; else a masked name ("用户****1234"). The phone number itself is never shown as a name:
 * screens are shared and shown, and it is personal.
 */
export function displayName(profile: Pick<Profile, 'info' | 'owned_org'>, t: TFunction): string {
  const { info } = profile;
  const truename = info.truename?.trim();
  if (truename) return truename;
  const account = info.account.trim();
  if (account && account !== info.phone) return account;
  const org = profile.owned_org?.name.trim();
  if (org) return org;
  return t('nav.maskedUser', { tail: maskedPhone(info.phone) });
}
