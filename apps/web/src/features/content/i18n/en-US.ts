/** Strings of the content feature, English (the reference shape). */
export const contentEnUS = {
  content: {
    title: 'Content',
  },
};
