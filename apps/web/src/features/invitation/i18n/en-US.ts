/** Strings of the invitation page, English (the reference shape). */
export const invitationEnUS = {
  invitation: {
    invites: '{{inviter}} invites you to join',
    someone: 'A member of MathBridge',
    expires: 'This link works until {{date}}.',
    signInHint: 'Sign in, or create an account, to accept the invitation.',
    signIn: 'Sign in to accept',
    signUp: 'Create an account',
    accept: 'Accept and join',
    accepted: 'Welcome to {{org}}',
    acceptedRole: 'You now hold the {{role}} identity, certified by this invitation.',
    acceptedKept: 'You joined as a member; your identity stays {{role}}.',
    workspace: 'Open workspace',
    account: 'View my organisation',
    home: 'Back to home',
    unusable: 'This invitation can no longer be used',
    notFound: 'This invitation link does not exist. Check that you copied the whole link.',
    failed: 'The invitation could not be accepted',
  },
} as const;
