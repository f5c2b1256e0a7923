/** Strings of the landing page (/start), English: the reference shape. */
export const portalEnUS = {
  start: {
    heroEyebrow: 'Mathematics × Industry',
    heroTitle: 'Put mathematics to work on your hardest problems',
    heroSubtitle:
      'MathBridge connects enterprises that face hard quantitative problems with mathematicians, research institutes and students — from posting a demand to a working result, all in one place.',
    ctaSignUp: 'Get started free',
    ctaHow: 'See how it works',
    ctaWorkspace: 'Open workspace',
    ctaCertify: 'Certify your identity',
    heroPoint1: 'Certified participants',
    heroPoint2: 'Reviewed demands',
    heroPoint3: 'Managed cooperation',
    diagram: {
      label: 'An enterprise demand flows over the bridge to mathematicians, and a solution flows back.',
      enterprise: 'Enterprise',
      experts: 'Mathematicians',
      demand: 'Demand',
      solution: 'Solution',
    },
    domainsTitle: 'Problems mathematics solves every day',
    domainsSubtitle: 'Typical demands enterprises bring to the platform',
    domains: {
      optimization: {
        title: 'Optimisation & scheduling',
        text: 'Routing, production planning, rostering and resource allocation under real-world constraints.',
      },
      forecasting: {
        title: 'Forecasting & statistics',
        text: 'Demand forecasting, quality control, experimental design and causal analysis.',
      },
      risk: {
        title: 'Risk & quantitative finance',
        text: 'Pricing, credit scoring, portfolio risk and stress testing with sound models.',
      },
      simulation: {
        title: 'Modelling & simulation',
        text: 'Differential-equation models, numerical simulation and digital twins of physical processes.',
      },
      algorithms: {
        title: 'Algorithms & machine learning',
        text: 'Models with guarantees, signal and image processing, graph and network analysis.',
      },
      security: {
        title: 'Cryptography & coding',
        text: 'Encryption schemes, error-correcting codes and privacy-preserving computation.',
      },
    },
    howTitle: 'How it works',
    howSubtitle: 'Three steps from a business problem to a working result',
    steps: {
      demand: {
        title: 'Post a demand',
        text: 'An enterprise describes the problem, the data it has and the result it expects. The platform reviews the demand before it is published.',
      },
      solution: {
        title: 'Receive solutions',
        text: 'Research institutes study the demand and propose solutions. The enterprise compares them and accepts the one that fits.',
      },
      cooperation: {
        title: 'Cooperate',
        text: 'The institute runs the work as a subject with specialists and students, sharing plans, files and outcomes in the workspace.',
      },
    },
    identitiesTitle: 'Four identities, one platform',
    identitiesSubtitle: 'Certify the identity that fits you to open your workspace',
    identity: {
      enterprise: {
        title: 'Enterprise',
        text: 'Bring the quantitative problems your business faces and find the right experts to solve them.',
        p1: 'Post demands and cooperation wishes',
        p2: 'Compare and accept solutions',
        p3: 'Recruit quantitative talent',
      },
      researchinstitute: {
        title: 'Research institute',
        text: 'Turn industrial demands into funded research and deliver solutions with your team.',
        p1: 'Receive demands and propose solutions',
        p2: 'Run subjects with specialists',
        p3: 'Share files and track outcomes',
      },
      specialist: {
        title: 'Specialist',
        text: 'Apply your expertise to real problems, join subjects and lead research directions.',
        p1: 'Join subjects from the subject pool',
        p2: 'Lead research directions',
        p3: 'Mentor students',
      },
      student: {
        title: 'Student',
        text: 'Work on real research questions under expert guidance and build your track record.',
        p1: 'Join research directions',
        p2: 'Solve research questions',
        p3: 'Find internships and jobs',
      },
    },
    learnMore: 'Learn more',
    trustTitle: 'Why MathBridge',
    trust: {
      verified: {
        title: 'Certified participants',
        text: 'Every organisation and expert certifies an identity, reviewed by the platform before they can publish or receive work.',
      },
      workspace: {
        title: 'One workspace for the whole project',
        text: 'Demands, solutions, subjects, directions, to-dos and shared files live together, with permissions per member.',
      },
      languages: {
        title: 'Built for Chinese and international teams',
        text: 'Simplified Chinese, Traditional Chinese and English throughout, so every partner works in their own language.',
      },
    },
    ctaTitle: 'Have a problem that needs mathematics?',
    ctaText: 'Create a free account in a minute, then certify your identity to get started.',
    ctaSignIn: 'I already have an account',
  },
} as const;
