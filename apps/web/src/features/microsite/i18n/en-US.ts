/** Strings of the microsite feature, English (the reference shape). */
export const micrositeEnUS = {
  microsite: {
    title: 'Microsite',
  },
};
