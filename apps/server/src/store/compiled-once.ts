// Hot queries compiled once. Kysely builds and compiles a query on every call, which costs more
// than running a primary-key lookup in SQLite (about 20 µs against 10 on the one-to-one send
// path, docs/benchmarks.md). A query built here once, with stand-in values, keeps its SQL text
// (with each engine's placeholders); every call runs that text with the real values, given in
// the order the builder placed its parameters.
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** The query's SQL text, checked to take as many parameters as the call gives. */
function sqlOf<Row>(query: Compilable<Row>, given: number): string {
  const compiled = query.compile();
  if (compiled.parameters.length !== given) {
    throw new Error(
      `compiledOnce: the query has ${compiled.parameters.length} parameters, the call gave ${given}`,
    );
  }
  return compiled.sql;
}

export function compiledOnce<Row, Params extends unknown[]>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>) => Compilable<Row>,
): (...parameters: Params) => Promise<Row[]> {
  let text: string | undefined;
  return async (...parameters) => {
    text ??= sqlOf(build(db), parameters.length);
    return (await db.executeQuery<Row>(CompiledQuery.raw(text, parameters))).rows;
  };
}

/**
 * As compiledOnce, for a query that also runs inside transactions (a grouped write's handle is a
 * new object every commit): the SQL text is kept per engine (the dialect adapter a database
 * handle shares with its transactions), and each call names the handle it runs on.
 */
export function compiledOnceForAnyHandle<Row, Params extends unknown[]>(
  build: (db: Kysely<Database>) => Compilable<Row>,
): (db: Kysely<Database>, ...parameters: Params) => Promise<Row[]> {
  const texts = new WeakMap<object, string>();
  return async (db, ...parameters) => {
    const engine = db.getExecutor().adapter;
    let text = texts.get(engine);
    if (text === undefined) {
      text = sqlOf(build(db), parameters.length);
      texts.set(engine, text);
    }
    return (await db.executeQuery<Row>(CompiledQuery.raw(text, parameters))).rows;
  };
}
