import type { UserRef } from '@mathbridge/contracts/identity';

/** The applicant's real name or username; empty when the username is just the phone number shown beside it. */
export function applicantName(user: UserRef): string {
  if (user.truename) return user.truename;
  return user.account && user.account !== user.phone ? user.account : '';
}
