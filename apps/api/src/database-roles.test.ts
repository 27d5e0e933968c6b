import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from './test/browser.ts';
import { ADMIN_POSTGRES_URL } from './test/booking.ts';
import { databaseKinds } from './test/databases.ts';
import { serverEnv } from './test/load.ts';
import { startServerProcess, type ServerProcess } from './test/server-process.ts';

/** The setup README tells an operator to run, as it is committed. */
const ROLES_SQL = readFileSync(
  resolve(import.meta.dirname, '../../../docs/database-roles.sql'),
  'utf8',
);

/** psql's `:"name"` variables, as psql would fill them in: quoted identifiers. */
function withVariables(sql: string, variables: Record<string, string>): string {
  return sql.replace(/:"(\w+)"/g, (_, name: string) => {
    const value = variables[name];
    if (value === undefined) throw new Error(`database-roles.sql uses an unknown :"${name}"`);
    return `"${value}"`;
  });
}

const urlFor = (role: string, database: string) => {
  const url = new URL(ADMIN_POSTGRES_URL);
  url.username = role;
  url.password = '';
  url.pathname = `/${database}`;
  return url.toString();
};

async function run(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The SQLSTATE a statement fails with, or `ok`. */
async function outcome(url: string, sql: string): Promise<string> {
  try {
    await run(url, sql);
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe.skipIf(!(await databaseKinds()).includes('postgres'))(
  'a migration role and a serving role, set up as docs/database-roles.sql says',
  () => {
    const tag = randomBytes(4).toString('hex');
    const owner = `rides_owner_${tag}`;
    const app = `rides_app_${tag}`;
    const database = `rides_roles_${tag}`;
    const tmp = mkdtempSync(join(tmpdir(), 'database-roles-'));
    let server: ServerProcess;

    beforeAll(async () => {
      await run(ADMIN_POSTGRES_URL, `create role "${owner}" login`);
      await run(ADMIN_POSTGRES_URL, `create role "${app}" login`);
      await run(ADMIN_POSTGRES_URL, `create database "${database}" owner "${owner}"`);
      await run(
        urlFor(new URL(ADMIN_POSTGRES_URL).username, database),
        withVariables(ROLES_SQL, { owner, app, DBNAME: database }),
      );
      server = await startServerProcess(
        serverEnv(tmp, {
          DATABASE_URL: urlFor(app, database),
          DATABASE_MIGRATION_URL: urlFor(owner, database),
          SEED_DEMO: 'true',
        }),
      );
    });
    afterAll(async () => {
      await server?.stop();
      await run(ADMIN_POSTGRES_URL, `drop database if exists "${database}" with (force)`);
      for (const role of [app, owner])
        await run(ADMIN_POSTGRES_URL, `drop role if exists "${role}"`);
      rmSync(tmp, { recursive: true, force: true });
    });

    it('migrates as the owner and serves as the app role: reads and writes work', async () => {
      const list = await fetch(`${server.baseUrl}/api/service/list`);
      expect(list.status).toBe(200);
      expect(((await list.json()) as { services: unknown[] }).services.length).toBeGreaterThan(0);

      const token = await fetch(`${server.baseUrl}/api/csrf-token`);
      const cookie = (token.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const { csrfToken } = (await token.json()) as { csrfToken: string };
      const signup = await fetch(`${server.baseUrl}/api/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
        body: JSON.stringify({
          name: 'Role Rider',
          email: uniqueEmail('roles'),
          password: PASSWORD,
          phone: '555-123-4567',
        }),
      });
      expect(signup.status, await signup.text()).toBe(200);
    });

    it('leaves the serving role unable to change the schema', async () => {
      const asApp = urlFor(app, database);
      // 42501: insufficient privilege (or "must be owner").
      expect(await outcome(asApp, 'alter table users add column stolen text')).toBe('42501');
      expect(await outcome(asApp, 'drop table appointments')).toBe('42501');
      expect(await outcome(asApp, 'create table exfiltrate (id int)')).toBe('42501');
      expect(await outcome(asApp, 'truncate sessions')).toBe('42501');
      expect(await outcome(asApp, 'create schema elsewhere')).toBe('42501');
      // Rows it may touch.
      expect(await outcome(asApp, 'select count(*) from users')).toBe('ok');
    });
  },
);
