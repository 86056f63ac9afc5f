import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { syncReadOf } from './database.js';
import type { Database } from './schema.js';

/** Stands for the n-th argument of a prepared query while it is built (see `prepared`). */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query built and compiled once, run with new arguments: Kysely builds and compiles a query
 * on every call, which on the hottest calls (the session of every request) costs more than
 * running it. `build` gets placeholders instead of the arguments; they must be used as plain
 * values (`where(col, '=', arg)`), never inspected, spread into lists or turned into SQL text.
 */
export function prepared<Args extends unknown[], Row>(
  db: Kysely<Database>,
  build: (...args: Args) => Compilable<Row>,
  arity: Args['length'],
): (...args: Args) => Promise<Row[]> {
  let compiled: CompiledQuery<Row> | undefined;
  /** For each parameter of the compiled query: the argument it takes, or its fixed value. */
  let plan: Array<{ arg: number } | { value: unknown }> = [];
  const read = syncReadOf(db);
  return async (...args: Args) => {
    if (!compiled) {
      const slots = Array.from({ length: arity }, (_, index) => new Slot(index)) as Args;
      compiled = build(...slots).compile();
      plan = compiled.parameters.map((value) =>
        value instanceof Slot ? { arg: value.index } : { value },
      );
    }
    const parameters = plan.map((step) => ('arg' in step ? args[step.arg] : step.value));
    const rows = read?.(compiled.sql, parameters);
    if (rows) return rows as Row[];
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}
