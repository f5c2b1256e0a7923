/** Strings of the onboarding feature, English (the reference shape). */
export const onboardingEnUS = {
  onboarding: {
    title: 'Getting started',
    welcome: 'Welcome to MathBridge, {{name}}',
    welcomeAnonymous: 'Welcome to MathBridge',
    subtitle:
      'Four steps take you from a new account to your first piece of work. Each step says what it means and where it is done.',
    progress: '{{done}} of {{total}} steps done',
    progressLabel: 'Onboarding progress',
    states: {
      done: 'Done',
      current: 'Next step',
      todo: 'Later',
      waiting: 'Under review',
    },
    steps: {
      account: {
        title: 'Complete your account',
        text: 'Your real name and contact details, so that organisations and reviewers know who they are dealing with.',
        action: 'Complete my account',
        edit: 'Edit account',
      },
      identity: {
        title: 'Choose your identity',
        text: 'Enterprise, research institute, specialist or student: the identity decides what you can do on the platform.',
        action: 'Choose an identity',
        chosen: 'Your identity: {{role}}',
      },
      certification: {
        title: 'Get certified',
        text: 'Submit the certification form of your identity with its documents. An administrator reviews it; your workspace opens once it is approved.',
        action: 'Fill in the certification form',
        needsIdentity: 'Choose an identity first.',
        pending:
          'Under review. An administrator is checking your application; you will be notified of the decision. Nothing to do meanwhile.',
        pendingAction: 'View my application',
        rejected: 'Your application was not approved. Open it to read the reason, correct it and submit it again.',
        rejectedAction: 'Revise and resubmit',
        approved: 'Certified',
      },
      first_action: {
        title: 'Take your first action',
        text: 'The first piece of real work for your identity, done in your workspace.',
        needsCertification: 'Available once you are certified.',
        keys: {
          demand: {
            text: 'Post your first demand: describe an industrial problem that mathematicians can solve.',
            action: 'Post a demand',
          },
          solution: {
            text: 'Browse the published demands and receive one your institute can answer with a solution.',
            action: 'Browse demands',
          },
          join_subject: {
            text: 'Join a research subject of an institute from the subjects pool.',
            action: 'Browse subjects',
          },
          join_direction: {
            text: 'Join a research direction led by a specialist from the directions pool.',
            action: 'Browse directions',
          },
        },
        fallback: 'Open your workspace and start.',
        fallbackAction: 'Open the workspace',
      },
    },
    allDone: {
      title: 'You are all set',
      text: 'Your account is complete, your identity is certified and your first action is done. Your workspace has everything else.',
      action: 'Open the workspace',
    },
    admin: {
      title: 'You are an administrator',
      text: 'Administrators do not certify an identity: your workspace is open. From there you review certifications and demands and manage the public content.',
      workspace: 'Workspace',
      content: 'Content manager',
      todos: 'To-do list',
      logs: 'Audit log',
    },
    manual: {
      title: 'User manual',
      subtitle: 'Help pages for your identity and for everyone.',
      forAll: 'Everyone',
      updated: 'Updated {{date}}',
      emptyTitle: 'No manual pages yet',
      emptyIntro: 'The administrators have not written manual pages yet. In short:',
      builtin: {
        account: 'Keep your account complete (real name, contact) under Account → Personal information.',
        identity: 'Choose one identity on the certification page and submit its form; an administrator reviews it.',
        workspace:
          'Once certified, the Workspace button in the top bar opens your workspace; its menu shows what your identity can do.',
        todos: 'Things waiting for you (approvals, invitations, answers) appear in the to-do list and under the bell.',
        help: 'Questions? Use the consultation form on the Service page.',
      },
    },
  },
};
