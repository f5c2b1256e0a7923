import { routePath } from '@mathbridge/contracts/routes';
import type { ModuleLinks } from '../../lib/links.ts';

/** Where content's to-dos lead (DESIGN §19): a new consultation opens the admins' inbox (issue 11). */
export const contentLinks: ModuleLinks = {
  consultation: () => routePath('/manage/content/consultations'),
};
