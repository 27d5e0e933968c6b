import type { Database } from './client.ts';

/**
 * A statement prepared once per database handle, on first use. On PostgreSQL it is a named
 * statement: each pooled connection parses and plans it once, instead of once per request.
 */
export function preparedStatement<T>(build: (db: Database) => T): (db: Database) => T {
  const statements = new WeakMap<Database, T>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
