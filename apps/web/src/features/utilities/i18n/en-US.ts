/** Strings of the utilities feature, English (the reference shape). */
export const utilitiesEnUS = {
  utilities: {
    title: 'Utilities',
  },
};
