// Hot queries compiled once. Kysely builds and compiles a query on every call, which costs more
// than running a primary-key lookup in SQLite (about 20 µs against 10 on the one-to-one send
// path, docs/benchmarks.md). A query built here once, with stand-in values, keeps its SQL text
// (with each engine's placeholders); every call runs that text with the real values, given in
// the order the builder placed its parameters.
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

export function compiledOnce<Row, Params extends unknown[]>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>) => Compilable<Row>,
): (...parameters: Params) => Promise<Row[]> {
  let text: string | undefined;
  return async (...parameters) => {
    if (text === undefined) {
      const compiled = build(db).compile();
      if (compiled.parameters.length !== parameters.length) {
        throw new Error(
          `compiledOnce: the query has ${compiled.parameters.length} parameters, the call gave ${parameters.length}`,
        );
      }
      text = compiled.sql;
    }
    return (await db.executeQuery<Row>(CompiledQuery.raw(text, parameters))).rows;
  };
}
