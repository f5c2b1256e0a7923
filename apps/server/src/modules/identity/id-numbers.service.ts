import type { AppContext } from '../../context.ts';
import { AT_REST_KEY_SETTING as KEY_SETTING, atRestKey } from '../../lib/at-rest-key.ts';
import type { Caller } from '../../plugins/call.ts';
import { certificationsWithClearIdNumber, newestSealedIdNumber, sealIdNumberOf } from './certification.repository.ts';
import { identityPolicy } from './identity.policy.ts';

/**
 * ID numbers at rest (issue 9 point 11). A certification's ID number is kept apart from its form,
 * sealed with AES-256-GCM under the at-rest key (lib/at-rest-key.ts), bound to the applicant's
 * user id. Its owner and admins (whose reads of others' requests are audited:
 * `certification.view`) read it in full; anyone else would get it masked, 1101**********1234.
 * Nothing looks certifications up by ID number, so there is no blind index; a later duplicate
 * check would add a keyed HMAC column beside the sealed one, never a clear one.
 */

/** ID_NUMBER_KEY, else DATA_DIR/secrets/id-number.key (generated on first start, 0600). */
const idNumberKey = (ctx: AppContext) => atRestKey(ctx.config);

const contextOf = (userId: number) => `certification.id_number:user:${userId}`;

export const sealIdNumber = (ctx: AppContext, userId: number, idNumber: string): string =>
  idNumberKey(ctx).seal(idNumber, contextOf(userId));

function openIdNumber(ctx: AppContext, userId: number, sealed: string): string {
  try {
    return idNumberKey(ctx).open(sealed, contextOf(userId));
  } catch (error) {
    throw new Error(
      `an ID number does not open with the configured ${KEY_SETTING} (${(error as Error).message}); ` +
        `set ${KEY_SETTING} or DATA_DIR/secrets/id-number.key to the key that sealed it`,
      { cause: error },
    );
  }
}

/** 1101**********1234: the first four and last four characters, the rest starred. */
export const maskIdNumber = (idNumber: string): string =>
  idNumber.length <= 8
    ? '*'.repeat(idNumber.length)
    : `${idNumber.slice(0, 4)}${'*'.repeat(idNumber.length - 8)}${idNumber.slice(-4)}`;

/** The ID number as `viewer` may see it: in full for its owner and admins, masked for anyone else. */
export function shownIdNumber(
  ctx: AppContext,
  row: { user_id: number; id_number_sealed: string | null },
  viewer: Pick<Caller, 'id' | 'roles'>,
): string | undefined {
  if (row.id_number_sealed === null) return undefined;
  const idNumber = openIdNumber(ctx, row.user_id, row.id_number_sealed);
  return identityPolicy.can(viewer, 'readCertification', row) ? idNumber : maskIdNumber(idNumber);
}

/** Splits a form into what is stored as JSON (no ID number) and the sealed ID number. */
export function sealForm(
  ctx: AppContext,
  userId: number,
  form: object,
): { data: string; id_number_sealed: string | null } {
  const { idNumber, ...rest } = form as { idNumber?: unknown };
  return {
    data: JSON.stringify(rest),
    id_number_sealed: typeof idNumber === 'string' ? sealIdNumber(ctx, userId, idNumber) : null,
  };
}

const BATCH = 200;

/**
 * Seals ID numbers that earlier versions wrote into `data` in clear; returns how many. Each row is
 * one guarded UPDATE (still clear, same data), so instances starting together seal each row once.
 */
export async function sealClearIdNumbers(ctx: AppContext): Promise<number> {
  let sealed = 0;
  let afterId = 0;
  for (;;) {
    const rows = await certificationsWithClearIdNumber(ctx.db, afterId, BATCH);
    for (const row of rows) {
      const { data, id_number_sealed } = sealForm(ctx, row.user_id, JSON.parse(row.data) as object);
      // `"idNumber"` inside some other text: nothing to seal.
      if (id_number_sealed !== null && (await sealIdNumberOf(ctx.db, row, { data, id_number_sealed }))) sealed += 1;
      afterId = row.id;
    }
    if (rows.length < BATCH) return sealed;
  }
}

/**
 * At start, before serving: the key must open the newest sealed number (a wrong or lost key stops
 * the server here, loudly, rather than answering 500 on every certification read), then clear
 * rows are sealed. Also hourly, for rows an instance of the previous version writes during a
 * rolling upgrade.
 */
export async function prepareIdNumbers(ctx: AppContext): Promise<void> {
  const newest = await newestSealedIdNumber(ctx.db);
  if (newest?.id_number_sealed) openIdNumber(ctx, newest.user_id, newest.id_number_sealed);
  else idNumberKey(ctx);
  const sealed = await sealClearIdNumbers(ctx);
  if (sealed > 0) ctx.log.info({ sealed }, 'sealed ID numbers stored in clear by an earlier version');
  ctx.scheduler.registerJob({
    name: 'identity.seal-id-numbers',
    everyMs: 60 * 60_000,
    run: async () => {
      await sealClearIdNumbers(ctx);
    },
  });
}
