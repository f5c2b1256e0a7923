import { endpoint } from '../endpoint.ts';
import { AuditLogPageSchema, LogsQuerySchema } from '../workflow.ts';

/** The audit log (issue 3): every module writes it, admins read it. */
export const auditLogEndpoints = {
  // Not `admin: true`: the service refuses non-admins (304) after the input is checked, as before.
  getLogs: endpoint({
    method: 'GET',
    path: 'sys/getLogs',
    summary: 'The audit log, newest first, by actor, action and days (admins)',
    auth: 'user',
    input: LogsQuerySchema,
    output: AuditLogPageSchema,
  }),
} as const;
