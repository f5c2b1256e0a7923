import type { NotebookDeliverableRow, NotebookRow, OrganisationRow, SolutionRow } from '../../db/types.ts';
import { definePolicy } from '../../lib/policy.ts';
import { isAdmin, type Caller } from '../../plugins/call.ts';

/**
 * Who may do what to notebooks (issue 12, DESIGN §12): a notebook (read it, read its draft, edit,
 * publish, contribute, delete, attach a copy), a notebook image (see it, use it as a cover), the
 * contributions (review) and the categories (manage), deliverables (attach onto a solution,
 * detach). A deliverable's phase and the reading of a solution are the research and demands
 * modules' own decisions, asked through their services.
 */

/** Who acts: a signed-in caller, or the user a signed link was issued to; null: a visitor. */
export type NotebookActor = Pick<Caller, 'id' | 'roles'>;

/** What reading a notebook depends on. */
export type NotebookAccess = Pick<NotebookRow, 'owner_id' | 'state' | 'contribution'>;

const admin = (actor: NotebookActor | null): boolean => actor !== null && isAdmin(actor);
const owner = (actor: NotebookActor | null, notebook: Pick<NotebookRow, 'owner_id'>): boolean =>
  actor !== null && actor.id === notebook.owner_id;

/** The owner and admins everything; signed-in users published notebooks; visitors accepted ones. */
const read = (actor: NotebookActor | null, notebook: NotebookAccess): boolean =>
  owner(actor, notebook) ||
  admin(actor) ||
  (notebook.state === 'published' && (actor !== null || notebook.contribution === 'accepted'));

export const notebookPolicy = definePolicy({
  read,
  /** The editable document (not the published snapshot), its version and review: the owner and admins. */
  readDraft: (actor: NotebookActor | null, notebook: Pick<NotebookRow, 'owner_id'>) =>
    owner(actor, notebook) || admin(actor),
  /**
   * Told that a notebook or deliverable does not exist: admins, who could read any. Anyone else
   * gets the refusal of a hidden one, so a draft's existence never shows.
   */
  seeEvery: (actor: NotebookActor | null, _kind: 'notebook' | 'deliverable') => admin(actor),
  /** Save, upload and remove attachments: the owner only (admins read a notebook, never write it). */
  edit: owner,
  /** Publish and unpublish: the owner. */
  publish: owner,
  /** Submit to the achievement area: the owner. */
  contribute: owner,
  delete: owner,
  /** Freeze a copy onto a solution or phase as a deliverable: the owner of the notebook. */
  attach: owner,
  /** Accept or reject contributions (and list them): admins. */
  review: (actor: NotebookActor, _queue: 'contributions') => isAdmin(actor),
  /** Create, edit and delete notebook categories: admins. */
  manage: (actor: NotebookActor, _area: 'categories') => isAdmin(actor),
  /** A notebook's cover must be an image its owner uploaded (a category's cover: any, admins choose). */
  useImage: (actor: NotebookActor, image: { owner_id: number | null }) => image.owner_id === actor.id,
  /**
   * A notebook image: a category's cover for anyone; a notebook's cover for whoever may read that
   * notebook; an image not used yet for its uploader and admins.
   */
  seeImage: (
    actor: NotebookActor | null,
    image: { owner_id: number | null; category_cover: boolean; notebooks: readonly NotebookAccess[] },
  ) =>
    image.category_cover ||
    admin(actor) ||
    (actor !== null && actor.id === image.owner_id) ||
    image.notebooks.some((notebook) => read(actor, notebook)),
  /** Attach deliverables onto a solution: the institute that wrote it (null: the caller acts for none). */
  deliverTo: (institute: { org: Pick<OrganisationRow, 'id'> } | null, solution: Pick<SolutionRow, 'org_id'>) =>
    institute !== null && institute.org.id === solution.org_id,
  /** Remove a deliverable: whoever attached it. */
  detach: (actor: NotebookActor, deliverable: Pick<NotebookDeliverableRow, 'owner_id'>) =>
    deliverable.owner_id === actor.id,
});
