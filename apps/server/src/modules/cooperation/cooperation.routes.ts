import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Demands, solutions and cooperation wishes (issue 5). */
export function cooperationRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
