import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { approvalRoutes } from './approval.routes.ts';
import { certificationRoutes } from './certification.routes.ts';
import { invitationRoutes } from './invitation.routes.ts';
import { orgRoutes } from './org.routes.ts';

/** Identity certification, organisations, approvals and invitations (issue 3). */
export function identityRoutes(app: FastifyInstance, ctx: AppContext): void {
  certificationRoutes(app, ctx);
  approvalRoutes(app, ctx);
  orgRoutes(app, ctx);
  invitationRoutes(app, ctx);
}
