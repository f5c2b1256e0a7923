import { STATUS } from '../api.ts';
import { endpoint } from '../endpoint.ts';
import {
  OpenWishListQuerySchema,
  OpenWishPageSchema,
  WishCreateSchema,
  WishIdSchema,
  WishListQuerySchema,
  WishPageSchema,
  WishRespondSchema,
  WishResponsePageSchema,
  WishResponsesQuerySchema,
  WishSchema,
} from '../wishes.ts';

/** Cooperation wishes (issue 5): enterprises post (willManageE), institutes respond (willManageRI). */
const enterprise = { auth: 'user', section: 'willManageE', verified: true } as const;
const institute = { auth: 'user', section: 'willManageRI', verified: true } as const;

export const wishEndpoints = {
  create: endpoint({
    method: 'POST',
    path: 'cooperateWish/create',
    summary: 'An enterprise posts a cooperation wish',
    ...enterprise,
    input: WishCreateSchema,
    output: WishSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: 'cooperateWish/list',
    summary: "The enterprise's own wishes, with counts by state",
    ...enterprise,
    input: WishListQuerySchema,
    output: WishPageSchema,
  }),
  close: endpoint({
    method: 'POST',
    path: 'cooperateWish/close',
    summary: 'The owner closes an open wish',
    ...enterprise,
    input: WishIdSchema,
    output: WishSchema,
    statuses: [STATUS.notFound, STATUS.conflict],
  }),
  responses: endpoint({
    method: 'GET',
    path: 'cooperateWish/responses',
    summary: "The institutes' responses to one of the owner's wishes, oldest first",
    ...enterprise,
    input: WishResponsesQuerySchema,
    output: WishResponsePageSchema,
    statuses: [STATUS.notFound],
  }),
  openList: endpoint({
    method: 'GET',
    path: 'cooperateWish/openList',
    summary: 'Open wishes for institutes, newest first, keyset-paged',
    ...institute,
    input: OpenWishListQuerySchema,
    output: OpenWishPageSchema,
  }),
  respond: endpoint({
    method: 'POST',
    path: 'cooperateWish/respond',
    summary: 'An institute responds to an open wish (once)',
    ...institute,
    input: WishRespondSchema,
    output: WishSchema,
    statuses: [STATUS.notFound, STATUS.conflict],
  }),
  detail: endpoint({
    method: 'GET',
    path: 'cooperateWish/detail/:id',
    summary: 'One wish, for its owner or an institute',
    auth: 'user',
    input: WishIdSchema,
    output: WishSchema,
    statuses: [STATUS.notFound],
  }),
} as const;
