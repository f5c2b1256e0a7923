import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type {
  ResearchOutcomeRow,
  ResearchOutcomesTable,
  ResearchPhaseRow,
  ResearchPhasesTable,
} from '../../db/types.ts';

/** Kysely queries over research phases and their outcome history (no rules here). */

export const insertPhase = (db: Db, row: Insertable<ResearchPhasesTable>): Promise<ResearchPhaseRow> =>
  db.insertInto('research_phases').values(row).returningAll().executeTakeFirstOrThrow();

export const findPhase = (db: Db, id: number): Promise<ResearchPhaseRow | undefined> =>
  db.selectFrom('research_phases').selectAll().where('id', '=', id).executeTakeFirst();

export const listPhases = (db: Db, projectId: number): Promise<ResearchPhaseRow[]> =>
  db
    .selectFrom('research_phases')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('position')
    .orderBy('id')
    .execute();

export async function nextPosition(db: Db, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('research_phases')
    .select((eb) => eb.fn.max<number | null>('position').as('max'))
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

/** Guarded update of a phase: only while its status is one of `from`. */
export async function movePhase(
  db: Db,
  id: number,
  from: readonly string[],
  changes: Updateable<ResearchPhasesTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('research_phases')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export const insertOutcome = (db: Db, row: Insertable<ResearchOutcomesTable>): Promise<ResearchOutcomeRow> =>
  db.insertInto('research_outcomes').values(row).returningAll().executeTakeFirstOrThrow();

/** Reviews the phase's pending submission (guarded: only one still 'submitted'). */
export async function reviewPendingOutcome(
  db: Db,
  phaseId: number,
  changes: Updateable<ResearchOutcomesTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('research_outcomes')
    .set(changes)
    .where('phase_id', '=', phaseId)
    .where('status', '=', 'submitted')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export const outcomesOf = (db: Db, phaseIds: readonly number[]): Promise<ResearchOutcomeRow[]> =>
  phaseIds.length
    ? db
        .selectFrom('research_outcomes')
        .selectAll()
        .where('phase_id', 'in', [...phaseIds])
        .orderBy('phase_id')
        .orderBy('id')
        .execute()
    : Promise.resolve([]);
