import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { syncReadOf, syncRunOf } from './database.js';
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
  const run = preparedOn(db, build, arity);
  return (...args: Args) => run(db, ...args);
}

/**
 * `prepared` for a statement run on the caller's `k`: the database, or a transaction (a write's
 * reads and writes). On SQLite a transaction's statement runs at once on its one connection.
 * `build` builds on `db`: the SQL is the same on either.
 */
export function preparedOn<Args extends unknown[], Row>(
  db: Kysely<Database>,
  build: (...args: Args) => Compilable<Row>,
  arity: Args['length'],
): (k: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const query = compiledOnce(build, arity);
  const read = syncReadOf(db);
  const run = syncRunOf(db);
  return (k: Kysely<Database>, ...args: Args) =>
    execute(k, query(args), k.isTransaction ? run : read);
}

/** The query `build` makes, compiled on first use; then each call's parameters. */
function compiledOnce<Args extends unknown[], Row>(
  build: (...args: Args) => Compilable<Row>,
  arity: Args['length'],
) {
  let compiled: CompiledQuery<Row> | undefined;
  /** For each parameter of the compiled query: the argument it takes, or its fixed value. */
  let plan: Array<{ arg: number } | { value: unknown }> = [];
  return (args: Args) => {
    if (!compiled) {
      const slots = Array.from({ length: arity }, (_, index) => new Slot(index)) as Args;
      compiled = build(...slots).compile();
      plan = compiled.parameters.map((value) =>
        value instanceof Slot ? { arg: value.index } : { value },
      );
    }
    const parameters = plan.map((step) => ('arg' in step ? args[step.arg] : step.value));
    return { compiled, parameters };
  };
}

/**
 * `preparedOn` for a repository made on each call's database or transaction (no root database at
 * hand): `build` makes the query on the `k` of the first call, compiled once per dialect, then run
 * on each call's `k` with that call's arguments. On SQLite a call on the root database that only
 * reads runs at once (as `prepared`); the rest go through Kysely's driver.
 */
export function statement<Args extends unknown[], Row>(
  build: (k: Kysely<Database>, ...args: Args) => Compilable<Row>,
  arity: Args['length'],
): (k: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const byDialect = new Map<unknown, ReturnType<typeof compiledOnce<Args, Row>>>();
  return (k: Kysely<Database>, ...args: Args) => {
    const dialect = k.getExecutor().adapter.constructor;
    let query = byDialect.get(dialect);
    if (!query) {
      query = compiledOnce((...slots: Args) => build(k, ...slots), arity);
      byDialect.set(dialect, query);
    }
    // A transaction's root is not known here: only the root database's reads run at once.
    return execute(k, query(args), k.isTransaction ? undefined : syncReadOf(k));
  };
}

/** Runs a compiled statement on `k`: at once when `atOnce` takes it (SQLite), else through Kysely. */
async function execute<Row>(
  k: Kysely<Database>,
  { compiled, parameters }: { compiled: CompiledQuery<Row>; parameters: unknown[] },
  atOnce: ((sql: string, parameters: readonly unknown[]) => unknown[] | undefined) | undefined,
): Promise<Row[]> {
  const rows = atOnce?.(compiled.sql, parameters);
  if (rows) return rows as Row[];
  const result = await k.executeQuery<Row>({ ...compiled, parameters });
  return result.rows;
}
