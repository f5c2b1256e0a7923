import type { SealingKey } from '../../lib/sealed-text.ts';

/**
 * Verification codes at rest in the outbox. A code message is stored as a template, its text with
 * CODE_PLACEHOLDER where the code goes, and the code sealed (AES-256-GCM, lib/at-rest-key.ts) in
 * `code_sealed`, bound to the row's channel and recipient: copied into a message to someone else,
 * it does not open. The dispatcher renders the text at send time; in production the sealed code is
 * cleared once the message is sent, given up or expired, so nothing left in the row reveals it.
 */

/** Stands where the code goes in a code message's stored text. */
export const CODE_PLACEHOLDER = '{code}';

interface Addressed {
  channel: string;
  recipient: string;
}

const contextOf = (message: Addressed) => `outbox.code:${message.channel}:${message.recipient}`;

export const sealOutboxCode = (key: SealingKey, message: Addressed, code: string): string =>
  key.seal(code, contextOf(message));

/** Throws (never returns garbage) for another key, another recipient or tampering. */
export const openOutboxCode = (key: SealingKey, message: Addressed, sealed: string): string =>
  key.open(sealed, contextOf(message));

/** The text a recipient reads: the template with the code in its place. */
export const renderOutboxText = (template: string, code: string): string => template.split(CODE_PLACEHOLDER).join(code);

/** The template of a text written in full by an earlier version: the code replaced by the placeholder. */
export const templateOfText = (text: string, code: string): string => text.split(code).join(CODE_PLACEHOLDER);
