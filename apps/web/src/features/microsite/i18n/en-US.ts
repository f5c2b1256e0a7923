/** Strings of the micro-site feature, English (the reference shape). */
export const micrositeEnUS = {
  microsite: {
    siteName: 'MathBridge Research Institute',
    tagline: 'The institute that runs MathBridge: its team and its research.',
    navLabel: 'Institute pages',
    pages: {
      home: 'Home',
      team: 'Team',
      research: 'Research',
    },
    updated: 'Updated {{date}}',
    empty: {
      title: 'This page is being written',
      text: 'The institute has not published its {{page}} page yet. Please come back soon, or visit the other pages.',
      backToPlatform: 'Back to MathBridge',
      edit: 'Write this page',
    },
    loadFailed: 'This page could not be loaded.',
  },
};
