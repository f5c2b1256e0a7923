import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Identity certification, organisations, approvals, invitations, audit log (issue 3). */
export function identityRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
