import { routePath } from '@mathbridge/contracts/routes';
import type { ModuleLinks } from '../../lib/links.ts';

/**
 * Where the to-dos and notifications about notebooks lead (DESIGN §19, issue 12): a contribution to
 * review opens the admins' contributions; the owner's rejected contribution and the review's notice
 * open the notebook (with its reason).
 */
export const notebookLinks: ModuleLinks = {
  notebook: (_db, { kind, target }) =>
    kind === 'notebookContribution'
      ? routePath('/manage/content/contributions')
      : routePath('/notebooks/:id', { id: target.id }),
};
