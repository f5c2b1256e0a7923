import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';
import type { Db } from './database.ts';

/**
 * Queries that run on (nearly) every request, built with Kysely once per database handle and
 * shape, then executed from their compiled SQL. Building and compiling a query with Kysely costs
 * more than running a small indexed one (DESIGN §8), so the session lookup, the maintained counts
 * and the list pages use this.
 *
 * The builder receives `param(name)` for every value that changes between calls; it returns a
 * placeholder that the compiled parameters are matched against, so each call's values land in the
 * SQL's order whatever order the builder uses them in. Any other value in the builder is a
 * constant of the query. A query whose SQL depends on its input (optional filters, sort order)
 * names that `shape`, and `keyOf(shape)` tells shapes apart: one compilation per shape.
 */
const PLACEHOLDER = '\u0000mathbridge-param:';

export type Param<P extends string> = (name: P) => never;
type Slot<P extends string> = { name: P } | { value: unknown };
interface Prepared<R, P extends string> {
  compiled: CompiledQuery<R>;
  slots: Slot<P>[];
}

export function preparedQueries<S, P extends string, R>(
  keyOf: (shape: S) => string,
  build: (db: Db, shape: S, param: Param<P>) => Compilable<R>,
): (db: Db, shape: S, values: Partial<Record<P, unknown>>) => Promise<R[]> {
  const perDb = new WeakMap<Db, Map<string, Prepared<R, P>>>();
  return async (db, shape, values) => {
    let shapes = perDb.get(db);
    if (!shapes) {
      shapes = new Map();
      perDb.set(db, shapes);
    }
    const key = keyOf(shape);
    let prepared = shapes.get(key);
    if (!prepared) {
      const compiled = build(db, shape, (name) => `${PLACEHOLDER}${name}` as never).compile();
      const slots = compiled.parameters.map((value): Slot<P> =>
        typeof value === 'string' && value.startsWith(PLACEHOLDER)
          ? { name: value.slice(PLACEHOLDER.length) as P }
          : { value },
      );
      prepared = { compiled, slots };
      shapes.set(key, prepared);
    }
    const parameters = prepared.slots.map((slot) => {
      if (!('name' in slot)) return slot.value;
      const value = values[slot.name];
      if (value === undefined) throw new Error(`prepared query: no value for ${slot.name}`);
      return value;
    });
    const result = await db.executeQuery<R>({ ...prepared.compiled, parameters, queryId: createQueryId() });
    return result.rows;
  };
}

/** A query of one shape (see preparedQueries). */
export function preparedQuery<P extends string, R>(
  build: (db: Db, param: Param<P>) => Compilable<R>,
): (db: Db, values: Record<P, unknown>) => Promise<R[]> {
  const run = preparedQueries<null, P, R>(
    () => '',
    (db, _shape, param) => build(db, param),
  );
  return (db, values) => run(db, null, values);
}
