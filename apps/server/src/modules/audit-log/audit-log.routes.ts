import { LogsQuerySchema } from '@mathbridge/contracts/workflow';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineCall } from '../../plugins/call.ts';
import { getLogs } from './audit-log.service.ts';

/** `sys/getLogs`: the audit log, for admins. */
export function auditLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineCall(app, {
    method: 'GET',
    path: 'sys/getLogs',
    auth: 'user',
    input: LogsQuerySchema,
    handler: ({ caller, input }) => getLogs(ctx, caller, input),
  });
}
