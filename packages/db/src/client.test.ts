import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createDb } from './client.ts';
import { prepareDb } from './migrate.ts';
import { DEMO_CATALOGUE } from './catalogue.ts';
import { services } from './schema.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'db-test-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database', () => {
  it('is created, migrated and seeded once, and keeps its data across restarts', async () => {
    const dataDir = join(tempDir(), 'data');
    const first = await createDb({ dataDir });
    await prepareDb(first, { seed: true });
    await prepareDb(first, { seed: true });
    const [row] = await first.db.select({ n: count() }).from(services);
    expect(row?.n).toBe(DEMO_CATALOGUE.length);
    await first.close();

    const again = await createDb({ dataDir });
    await prepareDb(again, { seed: true });
    const [after] = await again.db.select({ n: count() }).from(services);
    expect(after?.n).toBe(DEMO_CATALOGUE.length);
    await again.close();
  });

  it('refuses a second process on the same directory with a clear message', async () => {
    const dataDir = join(tempDir(), 'data');
    // A lock held by a live process: this test runner's parent.
    writeFileSync(`${dataDir}.lock`, String(process.ppid));
    await expect(createDb({ dataDir })).rejects.toThrow(
      /is in use by another process \(pid \d+\)\. Stop that process first, or set DATABASE_URL/,
    );
  });

  it('takes over a lock left by a process that no longer runs, and releases it on close', async () => {
    const dataDir = join(tempDir(), 'data');
    writeFileSync(`${dataDir}.lock`, '999999999');
    const handle = await createDb({ dataDir });
    expect(existsSync(`${dataDir}.lock`)).toBe(true);
    await handle.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('refuses a second handle in the same process too', async () => {
    const dataDir = join(tempDir(), 'data');
    const handle = await createDb({ dataDir });
    try {
      await expect(createDb({ dataDir })).rejects.toThrow(/in use/);
    } finally {
      await handle.close();
    }
  });
});
