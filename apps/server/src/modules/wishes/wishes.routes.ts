import {
  OpenWishListQuerySchema,
  WishCreateSchema,
  WishIdSchema,
  WishListQuerySchema,
  WishRespondSchema,
  WishResponsesQuerySchema,
} from '@mathbridge/contracts/wishes';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineCall, requireEitherSection } from '../../plugins/call.ts';
import * as wishes from './wishes.service.ts';

/** Cooperation wishes (issue 5). Enterprise section: willManageE; institutes: willManageRI. */
export function wishesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const WE = { auth: 'user', section: 'willManageE', verified: true } as const;
  const WRI = { auth: 'user', section: 'willManageRI', verified: true } as const;
  defineCall(app, {
    method: 'POST',
    path: 'cooperateWish/create',
    ...WE,
    input: WishCreateSchema,
    handler: ({ caller, input, ip }) => wishes.createWish(ctx, caller, input, ip),
  });
  defineCall(app, {
    method: 'GET',
    path: 'cooperateWish/list',
    ...WE,
    input: WishListQuerySchema,
    handler: ({ caller, input }) => wishes.listOwnWishes(ctx, caller, input),
  });
  defineCall(app, {
    method: 'POST',
    path: 'cooperateWish/close',
    ...WE,
    input: WishIdSchema,
    handler: ({ caller, input, ip }) => wishes.closeWish(ctx, caller, input.id, ip),
  });
  defineCall(app, {
    method: 'GET',
    path: 'cooperateWish/responses',
    ...WE,
    input: WishResponsesQuerySchema,
    handler: ({ caller, input }) => wishes.listResponses(ctx, caller, input),
  });
  defineCall(app, {
    method: 'GET',
    path: 'cooperateWish/openList',
    ...WRI,
    input: OpenWishListQuerySchema,
    handler: ({ caller, input }) => wishes.listOpenWishes(ctx, caller, input),
  });
  defineCall(app, {
    method: 'POST',
    path: 'cooperateWish/respond',
    ...WRI,
    input: WishRespondSchema,
    handler: ({ caller, input, ip }) => wishes.respondToWish(ctx, caller, input, ip),
  });
  defineCall(app, {
    method: 'GET',
    path: 'cooperateWish/detail/:id',
    auth: 'user',
    input: WishIdSchema,
    handler: ({ caller, input }) => {
      requireEitherSection(caller, 'willManageE', 'willManageRI');
      return wishes.wishDetail(ctx, caller, input.id);
    },
  });
}
