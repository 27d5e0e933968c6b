import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDb, type DbHandle } from './client.ts';
import { prepareDb } from './migrate.ts';

/*
 * The booking's SQL functions have one home each, packages/db/sql/*.sql; a migration that changes
 * one carries a copy of its statement (a migration must stay as it was applied). These tests hold
 * the copy to the home: the newest migration defining each function has its statement to the
 * letter, and a migrated database runs that text.
 */

const SQL_DIR = new URL('../sql/', import.meta.url);
const MIGRATIONS_DIR = new URL('../drizzle/', import.meta.url);

/** One `CREATE [OR REPLACE] FUNCTION "name"(…) … AS $$ body $$;` statement. */
const DEFINITION = /CREATE (?:OR REPLACE )?FUNCTION "(\w+)"[\s\S]*?\$\$([\s\S]*?)\$\$;/g;

interface Definition {
  name: string;
  /** The statement, CREATE to `$$;`, as one that may replace an existing function says it. */
  statement: string;
  /** The text between the dollar quotes: what PostgreSQL keeps as the function's source. */
  body: string;
}

function definitionsIn(text: string): Definition[] {
  return [...text.matchAll(DEFINITION)].map(([statement, name, body]) => ({
    name: name as string,
    // The migration that first makes a function says CREATE FUNCTION; the home says CREATE OR
    // REPLACE, as every later copy must. Both define the same function.
    statement: statement.replace(/^CREATE FUNCTION/, 'CREATE OR REPLACE FUNCTION'),
    body: body as string,
  }));
}

const homes = readdirSync(SQL_DIR)
  .filter((file) => file.endsWith('.sql'))
  .flatMap((file) =>
    definitionsIn(readFileSync(new URL(file, SQL_DIR), 'utf8')).map((d) => ({ ...d, file })),
  );

/** Every migration in the order drizzle applies them (its journal). */
const migrations = (
  JSON.parse(readFileSync(new URL('meta/_journal.json', MIGRATIONS_DIR), 'utf8')) as {
    entries: { tag: string }[];
  }
).entries.map(({ tag }) => ({
  tag,
  definitions: definitionsIn(readFileSync(new URL(`${tag}.sql`, MIGRATIONS_DIR), 'utf8')),
}));

describe('the SQL functions in packages/db/sql', () => {
  it('are the booking and block functions, each in one file', () => {
    expect(homes.map(({ name, file }) => `${file}: ${name}`).sort()).toEqual([
      'blocks.sql: appointment_clear_of_blocks',
      'blocks.sql: block_clear_of_bookings',
      'blocks.sql: stretch_is_blocked',
      'book_hold.sql: book_hold',
      'book_hold.sql: car_neighbours',
    ]);
  });

  it.each(homes)('$file: the newest migration defining $name holds its statement', (home) => {
    const newest = migrations.findLast(({ definitions }) =>
      definitions.some(({ name }) => name === home.name),
    );
    expect(newest, `no migration defines ${home.name}`).toBeDefined();
    const copy = newest?.definitions.findLast(({ name }) => name === home.name);
    expect(copy?.statement, `${newest?.tag}.sql differs from sql/${home.file}`).toBe(
      home.statement,
    );
  });

  describe('in a migrated database', () => {
    let handle: DbHandle;
    beforeAll(async () => {
      handle = await createDb({ dataDir: 'memory://' });
      await prepareDb(handle, { seed: false });
    });
    afterAll(() => handle.close());

    it.each(homes)('$name runs the text of sql/$file', async (home) => {
      // Every overload of the name: book_hold(jsonb, timestamptz, integer) of migration 0003
      // stays beside the current one (migration 0008).
      const result = (await handle.db.execute(
        sql`select prosrc from pg_proc where proname = ${home.name}`,
      )) as unknown as { rows: { prosrc: string }[] };
      expect(result.rows.map((row) => row.prosrc)).toContain(home.body);
    });
  });
});
