import { wishEndpoints as calls } from '@mathbridge/contracts/endpoints/wishes';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerLinks } from '../../lib/links.ts';
import { defineCall, requireEitherSection } from '../../plugins/call.ts';
import * as wishes from './wishes.service.ts';
import { wishLinks } from './wishes.links.ts';

/** Cooperation wishes (issue 5): the calls of contracts' endpoints/wishes.ts. */
export function wishesRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerLinks(wishLinks);
  defineCall(app, calls.create, ({ caller, input, ip }) => wishes.createWish(ctx, caller, input, ip));
  defineCall(app, calls.list, ({ caller, input }) => wishes.listOwnWishes(ctx, caller, input));
  defineCall(app, calls.close, ({ caller, input, ip }) => wishes.closeWish(ctx, caller, input.id, ip));
  defineCall(app, calls.responses, ({ caller, input }) => wishes.listResponses(ctx, caller, input));
  defineCall(app, calls.openList, ({ caller, input }) => wishes.listOpenWishes(ctx, caller, input));
  defineCall(app, calls.respond, ({ caller, input, ip }) => wishes.respondToWish(ctx, caller, input, ip));
  defineCall(app, calls.detail, async ({ caller, input }) => {
    requireEitherSection(caller, 'willManageE', 'willManageRI');
    return wishes.wishDetail(ctx, caller, input.id);
  });
}
