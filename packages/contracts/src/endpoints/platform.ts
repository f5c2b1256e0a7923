import { STATUS } from '../api.ts';
import { endpoint } from '../endpoint.ts';
import { DevOutboxQuerySchema, HealthSchema, OutboxMessageListSchema } from '../platform.ts';

/**
 * The platform's calls: the envelope health check, and the development outbox (registered outside
 * production only: there it is an HTTP 404). Both are unsigned: monitors and test scripts call them
 * without the client. The load balancer's probes (`health/live`, `health/ready`, plain HTTP statuses
 * and bodies, not the envelope) are not calls of this table: plugins/probes.ts answers them.
 */
export const platformEndpoints = {
  health: endpoint({
    method: 'GET',
    path: 'health',
    summary: "Whether the database answers, and the file storage's state and free bytes",
    auth: 'none',
    unsigned: true,
    output: HealthSchema,
    // No input, but a NUL character anywhere in the query is refused (400) before the handler.
    statuses: [STATUS.invalid],
  }),
  devOutbox: endpoint({
    method: 'GET',
    path: 'dev/outbox',
    summary: 'The newest messages sent to a phone number, codes included (development and tests only)',
    auth: 'none',
    unsigned: true,
    input: DevOutboxQuerySchema,
    output: OutboxMessageListSchema,
  }),
} as const;
