import {
  CONSULTATIONS_PER_IP_HOUR,
  CONSULTATIONS_PER_PHONE_DAY,
  CONSULTATION_STATES,
  type Consultation,
  type ConsultationPage,
  type ConsultationState,
} from '@mathbridge/contracts/content';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { conflict, notFound, rateLimited } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/paging.ts';
import { inTransaction } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { findUserById } from '../user/user.service.ts';
import { closeTodos, openTodo } from '../workflow/todo.service.ts';
import { presentConsultation } from './content.presenter.ts';
import { contentPolicy } from './content.policy.ts';
import * as repo from './content.repository.ts';

/**
 * Consultations (issue 11, DESIGN §11): the public contact form into the admins' inbox. A
 * consultation goes new → handled, once, with a guarded UPDATE (a second answer: 409).
 */

const consultationTarget = (id: number) => ({ type: 'consultation', id });

/**
 * POST index/addConsultation (no sign-in needed): at most CONSULTATIONS_PER_IP_HOUR per address
 * and CONSULTATIONS_PER_PHONE_DAY per phone, each reserved before anything is written (one atomic
 * step on SQLite, PostgreSQL and Redis, so parallel requests never pass the limit). Every admin
 * gets a to-do; a signed-in sender is recorded.
 */
export async function addConsultation(
  ctx: AppContext,
  caller: Caller | null,
  input: Consultation,
  ip: string,
): Promise<{ id: number }> {
  const perIp = await ctx.limiter.consume(`consultation-ip:${ip}`, CONSULTATIONS_PER_IP_HOUR, 3600);
  if (!perIp.allowed) throw rateLimited(perIp.retryAfterS, 'errors.consultationTooMany');
  const perPhone = await ctx.limiter.consume(`consultation-phone:${input.phone}`, CONSULTATIONS_PER_PHONE_DAY, 86_400);
  if (!perPhone.allowed) throw rateLimited(perPhone.retryAfterS, 'errors.consultationTooMany');
  const row = await inTransaction(ctx.db, async (trx) => {
    const saved = await repo.insertConsultation(trx, {
      name: input.name,
      phone: input.phone,
      email: input.email ?? null,
      organisation: input.organisation ?? null,
      topic: input.topic,
      content: input.content,
      status: 'new',
      user_id: caller?.id ?? null,
      ip,
      created_at: nowIso(),
    });
    await openTodo(trx, {
      kind: 'consultationNew',
      assignee: { role: 'Admin' },
      target: consultationTarget(saved.id),
      params: { name: input.name },
    });
    await writeAudit(trx, {
      actorId: caller?.id ?? null,
      action: 'content.consultation.create',
      targetType: 'consultation',
      targetId: saved.id,
      ip,
    });
    return saved;
  });
  return { id: row.id };
}

async function handlerNames(db: Db, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((id): id is number => id !== null))];
  const users = await Promise.all(unique.map((id) => findUserById(db, id)));
  return new Map(users.filter((u) => u !== undefined).map((u) => [u.id, u.truename || u.account]));
}

/** GET content/consultation/list (admin): newest first, with the counts per state. */
export async function listConsultations(
  ctx: AppContext,
  caller: Caller,
  query: { page: number; page_size: number; status?: ConsultationState },
): Promise<ConsultationPage> {
  contentPolicy.authorize(caller, 'manage', 'consultations');
  const [rows, counts] = await Promise.all([
    repo.listConsultations(ctx.db, query.status, query.page_size, offsetOf(query)),
    repo.countConsultations(ctx.db),
  ]);
  const perState = Object.fromEntries(CONSULTATION_STATES.map((s) => [s, counts[s] ?? 0])) as Record<
    ConsultationState,
    number
  >;
  const total = query.status ? perState[query.status] : perState.new + perState.handled;
  const names = await handlerNames(
    ctx.db,
    rows.map((r) => r.handled_by),
  );
  const items = rows.map((row) =>
    presentConsultation(row, row.handled_by === null ? null : (names.get(row.handled_by) ?? null)),
  );
  return { ...pageOf(query, items, total), counts: perState };
}

/** POST content/consultation/handle: new → handled with a reply note, once (a second answer: 409). */
export async function handleConsultation(
  ctx: AppContext,
  caller: Caller,
  input: { id: number; reply_note: string },
  ip: string,
) {
  contentPolicy.authorize(caller, 'manage', 'consultations');
  const row = await inTransaction(ctx.db, async (trx) => {
    const existing = await repo.findConsultation(trx, input.id);
    if (!existing) throw notFound('errors.consultationNotFound');
    const handled = await repo.handleConsultation(trx, input.id, {
      reply_note: input.reply_note,
      handled_by: caller.id,
      handled_at: nowIso(),
    });
    if (!handled) throw conflict('errors.consultationHandled');
    await closeTodos(trx, consultationTarget(input.id), 'done', caller.id);
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'content.consultation.handle',
      targetType: 'consultation',
      targetId: input.id,
      ip,
    });
    return handled;
  });
  const names = await handlerNames(ctx.db, [row.handled_by]);
  return presentConsultation(row, names.get(caller.id) ?? null);
}
