import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { createDb, type Schema } from './client.ts';
import { prepareDb } from './migrate.ts';
import { users } from './schema.ts';

const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'db-migration-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The committed migrations up to, not including, the one named `name` (whatever its number). */
function migrationsBefore(name: string): string {
  const folder = join(root, 'before');
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(`_${name}`));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe('the email-verification migration on existing accounts', () => {
  it('confirms owners and Google-linked accounts; leaves other customers to confirm', async () => {
    const handle = await createDb({});
    try {
      await migrate(handle.db as unknown as PgliteDatabase<Schema>, {
        migrationsFolder: migrationsBefore('email-verification'),
      });
      await handle.db.execute(sql`
        insert into users (name, email, role, google_sub, password_hash) values
          ('Olive', 'olive@example.com', 'owner', null, 'x'),
          ('Gail', 'gail@example.com', 'customer', 'google-sub-1', null),
          ('Carl', 'carl@example.com', 'customer', null, 'x')`);
      await prepareDb(handle, { seed: false });
      const rows = await handle.db
        .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
        .from(users)
        .orderBy(users.email);
      expect(rows.map((row) => [row.email, row.verifiedAt !== null])).toEqual([
        ['carl@example.com', false],
        ['gail@example.com', true],
        ['olive@example.com', true],
      ]);
    } finally {
      await handle.close();
    }
  });
});
