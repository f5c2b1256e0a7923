import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** File spaces, uploads, trash, batch download (issue 4). */
export function filesRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
