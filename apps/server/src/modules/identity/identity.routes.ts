import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerLinks } from '../../lib/links.ts';
import { approvalRoutes } from './approval.routes.ts';
import { certificationRoutes } from './certification.routes.ts';
import type { WorkCounters } from './dashboard.service.ts';
import { identityLinks } from './identity.links.ts';
import { invitationRoutes } from './invitation.routes.ts';
import { orgRoutes } from './org.routes.ts';

/**
 * Identity certification, organisations, approvals and invitations (issue 3), and the workspace
 * dashboard, whose work part the owning modules count (`workCounters`, handed in by app.ts).
 */
export function identityRoutes(app: FastifyInstance, ctx: AppContext, deps: { workCounters: WorkCounters }): void {
  registerLinks(identityLinks);
  certificationRoutes(app, ctx);
  approvalRoutes(app, ctx, deps.workCounters);
  orgRoutes(app, ctx);
  invitationRoutes(app, ctx);
}
