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
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
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

function presentWish(
  row: WishRow,
  viewer: { owner: boolean; institute: boolean; response: WishResponseRow | null },
): Wish {
  const showContact = viewer.owner || viewer.response !== null;
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
    my_response: viewer.response ? presentResponse(viewer.response) : null,
    can: {
      close: viewer.owner && row.status === 'open',
      respond: viewer.institute && row.status === 'open' && viewer.response === null,
    },
  };
}

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
  return presentWish(wish, { owner: true, institute: false, response: null });
}

/** POST cooperateWish/close (the owner): open → closed; the response to-dos are done. */
export async function closeWish(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<Wish> {
  const actor = await requireEnterprise(ctx, caller);
  const wish = await loadWish(ctx.db, id);
  if (wish.org_id !== actor.org.id) throw forbidden();
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
  return presentWish(await loadWish(ctx.db, id), { owner: true, institute: false, response: null });
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
  if (isAdmin(caller)) return presentWish(wish, { owner: false, institute: false, response: null });
  const enterprise = await orgOf(ctx, caller, 'Enterprise');
  if (enterprise && enterprise.org.id === wish.org_id)
    return presentWish(wish, { owner: true, institute: false, response: null });
  const institute = await orgOf(ctx, caller, 'ResearchInstitute');
  if (!institute) throw forbidden();
  const response = (await repo.findResponse(ctx.db, wish.id, institute.org.id)) ?? null;
  if (wish.status !== 'open' && !response) throw forbidden();
  return presentWish(wish, { owner: false, institute: true, response });
}

/** GET cooperateWish/list (enterprises): their own wishes, with maintained totals by status. */
export async function listOwnWishes(ctx: AppContext, caller: Caller, query: WishListQuery): Promise<WishPage> {
  const orgId = isAdmin(caller) ? null : (await requireEnterprise(ctx, caller)).org.id;
  const [counts, rows] = await Promise.all([
    readCounts(ctx.db, 'wish', orgId ?? PLATFORM, WISH_STATES),
    repo.listWishes(ctx.db, orgId, query.status, query.page_size, offsetOf(query)),
  ]);
  const total = query.status ? counts[query.status] : counts.open + counts.closed;
  const items = rows.map((row) => presentWish(row, { owner: orgId !== null, institute: false, response: null }));
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
  return {
    items: page.map((row) =>
      presentWish(row, { owner: false, institute: institute !== null, response: responses.get(row.id) ?? null }),
    ),
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
  if (!isAdmin(caller)) {
    const actor = await requireEnterprise(ctx, caller);
    if (wish.org_id !== actor.org.id) throw forbidden();
  }
  const rows = await repo.listResponses(ctx.db, wish.id, query.page_size, offsetOf(query));
  // The wish keeps its response count, so the page needs no COUNT.
  return pageOf(query, rows.map(presentResponse), Number(wish.response_count));
}
