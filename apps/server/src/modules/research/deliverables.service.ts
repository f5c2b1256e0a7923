import { ZIP_MAX_ENTRIES } from '@mathbridge/contracts/files';
import type { RoleName } from '@mathbridge/contracts/roles';
import type { DeliverablesLink, DeliverablesLinkQuery, ResearchKind } from '@mathbridge/contracts/research';
import type { AppContext } from '../../context.ts';
import type { ResearchProjectRow } from '../../db/types.ts';
import { conflict } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/call.ts';
import {
  checkRecordZipLink,
  liveFilesOfSpace,
  recordZipLink,
  spaceTreeSources,
  zipDownload,
  zipSafeName,
  zipTooLarge,
  ZipFolder,
  type Download,
  type ZipSource,
} from '../files/download.service.ts';
import { rolesOf } from '../user/user.service.ts';
import * as phases from './phases.repository.ts';
import { attachmentsOf } from './research.presenter.ts';
import { ANY_SECTIONS, accessTo, actorFor, loadProject, requireSection } from './research-access.service.ts';
import { researchPolicy } from './research.policy.ts';

/**
 * A research project's deliverables as one zip (issue 10): the shared file space's live tree
 * under `files/`, and per accepted phase `phases/<position>-<title>/` holding `outcome.md` (the
 * accepted outcome's text) and that outcome's attachments still live in the space. Every name is
 * zip-safe (no separators or '..', nothing Windows refuses) and unique within its folder. The
 * owner, members (status member) and admins; 304 for others, 409 for drafts (nothing to deliver).
 */

const linkPath = (kind: ResearchKind) => `${kind}/download`;

async function deliverableSources(ctx: AppContext, project: ResearchProjectRow): Promise<ZipSource[]> {
  const top = new ZipFolder('');
  const mtime = new Date(project.updated_at);
  const sources: ZipSource[] = [];
  if (project.space_id !== null) {
    const files = top.child('files', true);
    sources.push({ path: files, mtime, kind: 'dir' });
    sources.push(...(await spaceTreeSources(ctx, project.space_id, new ZipFolder(files))));
  }
  const accepted = (await phases.listPhases(ctx.db, project.id)).filter((p) => p.status === 'accepted');
  const outcomes = await phases.outcomesOf(
    ctx.db,
    accepted.map((p) => p.id),
  );
  const outcomeOf = new Map(outcomes.filter((o) => o.status === 'accepted').map((o) => [o.phase_id, o]));
  const attached = new Map(
    project.space_id === null
      ? []
      : (
          await liveFilesOfSpace(
            ctx,
            project.space_id,
            [...outcomeOf.values()].flatMap((o) => attachmentsOf(o.attachments).map((a) => a.id)),
          )
        ).map((node) => [node.id, node]),
  );
  if (outcomeOf.size > 0) {
    const phasesPath = top.child('phases', true);
    sources.push({ path: phasesPath, mtime, kind: 'dir' });
    const phasesFolder = new ZipFolder(phasesPath);
    for (const phase of accepted) {
      const outcome = outcomeOf.get(phase.id);
      if (!outcome) continue;
      const at = new Date(outcome.reviewed_at ?? outcome.created_at);
      const dir = phasesFolder.child(`${phase.position}-${phase.title}`, true, String(phase.position));
      const folder = new ZipFolder(dir);
      sources.push({ path: dir, mtime: at, kind: 'dir' });
      sources.push({
        path: folder.child('outcome.md', false),
        mtime: at,
        kind: 'bytes',
        bytes: Buffer.from(outcome.content, 'utf8'),
      });
      for (const attachment of attachmentsOf(outcome.attachments)) {
        const node = attached.get(attachment.id);
        if (!node || node.stored_file_id === null) continue;
        sources.push({
          path: folder.child(attachment.name, false),
          mtime: new Date(node.updated_at),
          kind: 'stored',
          storedFileId: node.stored_file_id,
          size: Number(node.size),
        });
      }
    }
  }
  if (sources.length > ZIP_MAX_ENTRIES) throw zipTooLarge(ZIP_MAX_ENTRIES);
  return sources;
}

/** POST subject/download | direction/download: checks now and answers a signed link to the zip. */
export async function deliverablesUrl(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  id: number,
): Promise<DeliverablesLink> {
  requireSection(caller, ANY_SECTIONS[kind]);
  const project = await loadProject(ctx.db, kind, id);
  const { actor } = await accessTo(ctx, caller, project);
  researchPolicy.authorize(actor, 'download', project);
  if (project.status === 'draft') throw conflict('errors.projectWrongState');
  await deliverableSources(ctx, project); // refuses now (409) rather than mid-download when too large
  const name = `${zipSafeName(project.title, kind)}.zip`;
  return recordZipLink(ctx, linkPath(kind), project.id, caller.id, name);
}

/** The link's user as the policy judges them now (owner, member, or admin: trusted for the link's life). */
async function linkUser(ctx: AppContext, userId: number, project: ResearchProjectRow) {
  const roles = (await rolesOf(ctx.db, userId)).map((r) => r.role as RoleName);
  return actorFor(ctx, { id: userId, roles }, project);
}

/** GET subject/download | direction/download (signed): streams the zip as it is built. */
export async function openDeliverables(
  ctx: AppContext,
  kind: ResearchKind,
  q: DeliverablesLinkQuery,
): Promise<Download> {
  checkRecordZipLink(ctx, linkPath(kind), q);
  const project = await loadProject(ctx.db, kind, q.id);
  researchPolicy.authorize(await linkUser(ctx, q.u, project), 'download', project);
  if (project.status === 'draft') throw conflict('errors.projectWrongState');
  return zipDownload(ctx, await deliverableSources(ctx, project), q.n);
}
