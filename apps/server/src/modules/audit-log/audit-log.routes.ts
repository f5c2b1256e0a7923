import { auditLogEndpoints as calls } from '@mathbridge/contracts/endpoints/audit-log';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineCall } from '../../plugins/call.ts';
import { getLogs } from './audit-log.service.ts';

/** `sys/getLogs`: the audit log, for admins (contracts' endpoints/audit-log.ts). */
export function auditLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineCall(app, calls.getLogs, ({ caller, input }) => getLogs(ctx, caller, input));
}
