import { routePath } from '@mathbridge/contracts/routes';
import type { ModuleLinks } from '../../lib/links.ts';

/** Where the to-dos and notifications about cooperation wishes lead (DESIGN §19): the owner's wish page. */
export const wishLinks: ModuleLinks = {
  cooperate_wish: (_db, { target }) => routePath('/manage/willManageE/detail/:id', { id: target.id }),
};
