import {
  WISH_STATES,
  type OpenWishListQuery,
  type OpenWishPage,
  type PartnerType,
  type Wish,
  type WishCreate,
  type WishDuration,
  type WishListQuery,
  type WishPage,
  type WishRespond,
  type WishResponse,
  type WishResponsePage,
  type WishState,
} from '@mathbridge/contracts/wishes';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { WishResponseRow, WishRow } from '../../db/types.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { cursorAfter, keysetPage, offsetOf, pageOf } from '../../lib/paging.ts';
import { codesOf, inTransaction, isUniqueViolation } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import { isAdmin, type Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { closeTodos, openTodo } from '../workflow/todo.service.ts';
import { orgOf, requireEnterprise, requireInstitute } from '../identity/org-actor.service.ts';
import { PLATFORM, moveCount, readCount, readCounts } from '../demands/counts.service.ts';
import * as repo from './wishes.repository.ts';
import { wishPolicy, type WishViewer } from './wishes.policy.ts';

/** Cooperation wishes (DESIGN §4): open → closed; institutes respond to open wishes, the enterprise reads the responses. */

export const wishTarget = (id: number) => ({ type: 'cooperate_wish', id });

function presentResponse(row: WishResponseRow): WishResponse {
  return {
    id: row.id,
    wish_id: row.wish_id,
    institute: { id: row.org_id, name: row.org_name },
    message: row.message,
    contact: row.contact,
    contact_phone: row.contact_phone,
    created_at: row.created_at,
  };
}

/** A wish for `viewer`, with their institute's `response` to it; `can` is wishPolicy's answer and the state it needs. */
function presentWish(row: WishRow, viewer: WishViewer, response: WishResponseRow | null = null): Wish {
  const showContact = wishPolicy.can(viewer, 'seeContact', row);
  return {
    id: row.id,
    title: row.title,
    status: row.status as WishState,
    msc_fields: codesOf(row.msc_fields),
    description: row.description,
    partner_type: row.partner_type as PartnerType,
    duration: row.duration as WishDuration,
    org: { id: row.org_id, name: row.org_name },
    contact: showContact ? row.contact : null,
    contact_phone: showContact ? row.contact_phone : null,
    response_count: Number(row.response_count),
    created_at: row.created_at,
    closed_at: row.closed_at,
    my_response: response ? presentResponse(response) : null,
    can: {
      close: wishPolicy.can(viewer, 'close', row) && row.status === 'open',
      respond: wishPolicy.can(viewer, 'respond', row) && row.status === 'open' && !viewer.responded,
    },
  };
}

/** The enterprise acting for organisation `orgId` (its own wishes' author). */
const enterpriseViewer = (orgId: number | null, admin = false): WishViewer => ({
  admin,
  enterpriseId: orgId,
  instituteId: null,
  responded: false,
});

async function loadWish(db: Db, id: number): Promise<WishRow> {
  const wish = await repo.findWish(db, id);
  if (!wish) throw notFound('errors.wishNotFound');
  return wish;
}

/** POST cooperateWish/create (enterprises): an open wish. */
export async function createWish(ctx: AppContext, caller: Caller, input: WishCreate, ip: string): Promise<Wish> {
  const actor = await requireEnterprise(ctx, caller);
  const now = nowIso();
  const wish = await inTransaction(ctx.db, async (trx) => {
    const row = await repo.insertWish(trx, {
      ...input,
      msc_fields: input.msc_fields.join(','),
      org_id: actor.org.id,
      org_name: actor.org.name,
      owner_id: caller.id,
      status: 'open',
      created_at: now,
      updated_at: now,
      closed_at: null,
    });
    await moveCount(trx, 'wish', actor.org.id, null, 'open');
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'cooperate_wish.create',
      targetType: 'cooperate_wish',
      targetId: row.id,
      ip,
    });
    return row;
  });
  return presentWish(wish, enterpriseViewer(actor.org.id));
}

/** POST cooperateWish/close (the owner): open → closed; the response to-dos are done. */
export async function closeWish(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<Wish> {
  const actor = await requireEnterprise(ctx, caller);
  const wish = await loadWish(ctx.db, id);
  const viewer = enterpriseViewer(actor.org.id);
  wishPolicy.authorize(viewer, 'close', wish);
  if (wish.status !== 'open') throw conflict('errors.wishClosed');
  const now = nowIso();
  await inTransaction(ctx.db, async (trx) => {
    if (!(await repo.moveWish(trx, wish.id, 'open', { status: 'closed', closed_at: now, updated_at: now })))
      throw conflict('errors.wishClosed');
    await moveCount(trx, 'wish', wish.org_id, 'open', 'closed');
    await closeTodos(trx, wishTarget(wish.id), 'done', caller.id);
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'cooperate_wish.close',
      targetType: 'cooperate_wish',
      targetId: wish.id,
      ip,
    });
  });
  return presentWish(await loadWish(ctx.db, id), viewer);
}

/** POST cooperateWish/respond (institutes): one response per institute to an open wish; the enterprise gets a to-do. */
export async function respondToWish(ctx: AppContext, caller: Caller, input: WishRespond, ip: string): Promise<Wish> {
  const actor = await requireInstitute(ctx, caller);
  const wish = await loadWish(ctx.db, input.id);
  if (wish.status !== 'open') throw conflict('errors.wishClosed');
  try {
    await inTransaction(ctx.db, async (trx) => {
      // Counting the response only while the wish is open locks the wish row first: a close racing
      // this either committed before (409 here) or waits and then closes this response's to-do too.
      if (!(await repo.addResponseCount(trx, wish.id))) throw conflict('errors.wishClosed');
      if (await repo.findResponse(trx, wish.id, actor.org.id)) throw conflict('errors.wishAlreadyResponded');
      const row = await repo.insertResponse(trx, {
        wish_id: wish.id,
        org_id: actor.org.id,
        org_name: actor.org.name,
        user_id: caller.id,
        message: input.message,
        contact: input.contact,
        contact_phone: input.contact_phone,
        created_at: nowIso(),
      });
      await openTodo(trx, {
        kind: 'wishResponse',
        assignee: { userId: wish.owner_id },
        target: wishTarget(wish.id),
        params: { institute: actor.org.name, title: wish.title },
      });
      await notify(trx, {
        userId: wish.owner_id,
        actorId: caller.id,
        kind: 'wishResponded',
        target: wishTarget(wish.id),
        params: { institute: actor.org.name, title: wish.title },
      });
      await writeAudit(trx, {
        actorId: caller.id,
        action: 'cooperate_wish.respond',
        targetType: 'cooperate_wish',
        targetId: wish.id,
        detail: { response: row.id },
        ip,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('errors.wishAlreadyResponded');
    throw error;
  }
  return wishDetail(ctx, caller, wish.id);
}

/** GET cooperateWish/detail/:id: the owner and admins always; institutes while open or once they responded. */
export async function wishDetail(ctx: AppContext, caller: Caller, id: number): Promise<Wish> {
  const wish = await loadWish(ctx.db, id);
  const admin = isAdmin(caller);
  // Admins are looked at as such; a caller owns one organisation, so an enterprise is no institute.
  const enterprise = admin ? null : await orgOf(ctx, caller, 'Enterprise');
  const institute = admin || enterprise ? null : await orgOf(ctx, caller, 'ResearchInstitute');
  const response = institute ? ((await repo.findResponse(ctx.db, wish.id, institute.org.id)) ?? null) : null;
  const viewer: WishViewer = {
    admin,
    enterpriseId: enterprise?.org.id ?? null,
    instituteId: institute?.org.id ?? null,
    responded: response !== null,
  };
  wishPolicy.authorize(viewer, 'see', wish);
  return presentWish(wish, viewer, response);
}

/** GET cooperateWish/list (enterprises): their own wishes, with maintained totals by status. */
export async function listOwnWishes(ctx: AppContext, caller: Caller, query: WishListQuery): Promise<WishPage> {
  const admin = isAdmin(caller);
  const orgId = admin ? null : (await requireEnterprise(ctx, caller)).org.id;
  const [counts, rows] = await Promise.all([
    readCounts(ctx.db, 'wish', orgId ?? PLATFORM, WISH_STATES),
    repo.listWishes(ctx.db, orgId, query.status, query.page_size, offsetOf(query)),
  ]);
  const total = query.status ? counts[query.status] : counts.open + counts.closed;
  const viewer = enterpriseViewer(orgId, admin);
  const items = rows.map((row) => presentWish(row, viewer));
  return { ...pageOf(query, items, total), counts };
}

/** GET cooperateWish/openList (institutes): open wishes, newest first, keyset pages. */
export async function listOpenWishes(ctx: AppContext, caller: Caller, query: OpenWishListQuery): Promise<OpenWishPage> {
  const after = cursorAfter(query.cursor);
  const filtered = query.msc !== undefined || query.keyword !== undefined;
  const [rows, total] = await Promise.all([
    repo.listOpen(ctx.db, query, after, query.page_size + 1),
    filtered ? Promise.resolve(null) : readCount(ctx.db, 'wish', PLATFORM, 'open'),
  ]);
  const { page, next_cursor } = keysetPage(rows, query.page_size, (row) => row.created_at);
  const institute = await orgOf(ctx, caller, 'ResearchInstitute');
  const responses = institute
    ? await repo.responsesOf(
        ctx.db,
        institute.org.id,
        page.map((r) => r.id),
      )
    : new Map<number, WishResponseRow>();
  const admin = isAdmin(caller);
  const instituteId = institute?.org.id ?? null;
  return {
    items: page.map((row) => {
      const response = responses.get(row.id) ?? null;
      const viewer = { admin, enterpriseId: null, instituteId, responded: response !== null };
      return presentWish(row, viewer, response);
    }),
    next_cursor,
    total,
  };
}

/** GET cooperateWish/responses (the owner): the responses to a wish, oldest first. */
export async function listResponses(
  ctx: AppContext,
  caller: Caller,
  query: { id: number; page: number; page_size: number },
): Promise<WishResponsePage> {
  const wish = await loadWish(ctx.db, query.id);
  const admin = isAdmin(caller);
  const enterpriseId = admin ? null : (await requireEnterprise(ctx, caller)).org.id;
  wishPolicy.authorize({ admin, enterpriseId }, 'readResponses', wish);
  const rows = await repo.listResponses(ctx.db, wish.id, query.page_size, offsetOf(query));
  // The wish keeps its response count, so the page needs no COUNT.
  return pageOf(query, rows.map(presentResponse), Number(wish.response_count));
}
