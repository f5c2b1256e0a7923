import { SPACE_ROLES, type SpaceRole } from '@mathbridge/contracts/files';
import { canOpenSection } from '@mathbridge/contracts/routes';
import type { FileNodeRow, FileSpaceRow } from '../../db/types.ts';
import { definePolicy } from '../../lib/policy.ts';
import { isAdmin, type Caller } from '../../plugins/call.ts';

/**
 * Who may do what with files (DESIGN §19). Objects: file spaces (a user's personal space, the
 * platform's shared templates, the spaces of items such as demands, solutions and research
 * projects), the folders and files in them, and the signed links that download them. Admins get
 * no blanket access to people's files: only the shared templates are theirs to manage.
 */

export const PERSONAL = 'personal';
export const SHARED_TPL = 'shared_tpl';
const SHARED_TPL_SECTION = 'sharedTplFile';

/** Who acts in a space, as the service loaded them. */
export interface SpaceActor {
  userId: number;
  /** Their role in the space's member list as stored, or null when they are no member. */
  memberRole: string | null;
  /**
   * The signed-in caller's roles: the shared templates open by role. Absent when a signed link is
   * opened, where only ownership and membership count (see `openLink`).
   */
  session?: Pick<Caller, 'roles' | 'verifyState'>;
}

/** A space as the rules read it. */
export type Space = Pick<FileSpaceRow, 'kind' | 'owner_user_id'>;

/** What a user may do in a space. `ownOnly`: writing applies only to the nodes they created. */
export interface SpaceStanding {
  role: SpaceRole;
  ownOnly: boolean;
}

const rank = (role: SpaceRole) => SPACE_ROLES.indexOf(role);
const asRole = (role: string | null): SpaceRole | null =>
  (SPACE_ROLES as readonly string[]).includes(role ?? '') ? (role as SpaceRole) : null;

/**
 * The actor's standing in a space, or null. Shared templates (spec §6 sharedTplFile): admins
 * manage, verified research institutes publish (and edit what they published), the section's
 * other verified roles read. Personal spaces belong to their owner alone. Other spaces: the owner
 * manages, members have their granted role.
 */
export function standingIn(actor: SpaceActor, space: Space): SpaceStanding | null {
  const { session } = actor;
  if (space.kind === SHARED_TPL && session) {
    const verified = session.verifyState === 1;
    if (isAdmin(session)) return { role: 'manage', ownOnly: false };
    if (verified && session.roles.includes('ResearchInstitute')) return { role: 'write', ownOnly: true };
    if (verified && canOpenSection(session.roles, SHARED_TPL_SECTION)) return { role: 'read', ownOnly: false };
    return null;
  }
  if (space.owner_user_id === actor.userId) return { role: 'manage', ownOnly: false };
  if (space.kind === PERSONAL) return null;
  const role = asRole(actor.memberRole);
  return role ? { role, ownOnly: false } : null;
}

const reaches = (actor: SpaceActor, space: Space, need: SpaceRole): boolean => {
  const standing = standingIn(actor, space);
  return standing !== null && rank(standing.role) >= rank(need);
};

export const filesPolicy = definePolicy({
  /** Open a space: list its folders, read, copy and download its files. */
  read: (actor: SpaceActor, space: Space) => reaches(actor, space, 'read'),
  /** Add to a space: upload, make folders, copy and move into it; see and empty its trash. */
  write: (actor: SpaceActor, space: Space) => reaches(actor, space, 'write'),
  /** Manage a space: its owner (admins for the shared templates). */
  manage: (actor: SpaceActor, space: Space) => reaches(actor, space, 'manage'),
  /**
   * Change a node (rename, move, replace, delete, restore, purge): write access and, where one
   * publishes one's own (the shared templates), a node one created.
   */
  edit: (actor: SpaceActor, target: { space: Space; node: Pick<FileNodeRow, 'created_by'> }) => {
    const standing = standingIn(actor, target.space);
    if (!standing || rank(standing.role) < rank('write')) return false;
    return !standing.ownOnly || target.node.created_by === actor.userId;
  },
  /**
   * Open a signed link to a node of the space: its user still owns the space or is a member; the
   * role-derived access to the shared templates is trusted for the link's lifetime.
   */
  openLink: (actor: SpaceActor, space: Space) =>
    space.kind === SHARED_TPL || standingIn({ userId: actor.userId, memberRole: actor.memberRole }, space) !== null,
  /**
   * Read one file of a space the actor has no standing in (issue 9): the item the space belongs to
   * names them (`itemGrants`, that item's module's answer). Live files only, never folders.
   */
  readThroughItem: (actor: { itemGrants: boolean }, node: Pick<FileNodeRow, 'is_dir' | 'trashed_at'>) =>
    actor.itemGrants && node.is_dir !== 1 && node.trashed_at === null,
});
