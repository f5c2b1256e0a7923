import { z } from 'zod';
import { MobileSchema } from './validation.ts';

/** The platform's own calls (DESIGN §3): the health check and the development outbox. */

/* ---- inputs ---- */

/** `GET dev/outbox` (development and tests only): the messages sent to one phone number. */
export const DevOutboxQuerySchema = z.object({ to: MobileSchema });
export type DevOutboxQuery = z.infer<typeof DevOutboxQuerySchema>;

/* ---- results ---- */

/**
 * `GET health`: the database answers (a database in error or timing out answers envelope 500, not
 * this), and where files are written: `full` (less free than one largest upload), `ok` or `error`.
 */
export const HealthSchema = z.object({
  db: z.literal('ok'),
  storage: z.enum(['ok', 'full', 'error']),
  /** Bytes free for the server on the storage's file system; null when the driver cannot know (S3). */
  free_bytes: z.number().nullable(),
  version: z.string(),
});
export type Health = z.infer<typeof HealthSchema>;

/** One message of the development outbox, its code (if it carries one) put back into the text. */
export const OutboxMessageSchema = z.object({
  to: z.string(),
  body: z.string(),
  code: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/** `GET dev/outbox`: the newest 20 messages to the number, newest first. */
export const OutboxMessageListSchema = z.array(OutboxMessageSchema);
