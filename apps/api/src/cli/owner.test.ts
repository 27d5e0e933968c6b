import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import {
  auditEvents,
  createDb,
  recoveryCodes,
  sessions,
  totpFactors,
  users,
  type DbHandle,
} from '@app/db';
import { MfaConfirmResponseSchema, MfaEnrolResponseSchema } from '@app/shared';
import { buildApp } from '../app.ts';
import { openPostgresDatabase, type PostgresTestDatabase } from '../test/booking.ts';
import { Browser, expectSuccess } from '../test/browser.ts';
import { runCliCommand } from '../test/cli.ts';
import { testConfig } from '../test/config.ts';
import { databaseKinds } from '../test/databases.ts';
import { totpCode } from '../test/owners.ts';
import { UNVERIFIED_ACCOUNT_MESSAGE } from '../modules/owners/add-owner.ts';

const PUBLIC_BASE_URL = 'http://rides.example.test';
const NEW_PASSWORD = 'Owner#Pass2026';

/** `npm run owner -- …` as the operator runs it: a process of its own, with this database. */
const runOwnerCommand = (args: string[], database: Record<string, string>) =>
  runCliCommand('owner', args, { PUBLIC_BASE_URL, ...database });

/** The token of the set-password link the command printed. */
function linkToken(stdout: string): string {
  const match = new RegExp(`${PUBLIC_BASE_URL}/reset-password/([A-Za-z0-9_-]{43})\\n`).exec(stdout);
  expect(match, stdout).not.toBeNull();
  return (match as RegExpExecArray)[1] as string;
}

/**
 * The whole life of an owner made at the command line, on one database: `open` gives the
 * database to the test, `close` gives it back (PGlite's directory takes one process at a time).
 */
function ownerLifecycle(
  database: () => Record<string, string>,
  open: () => Promise<DbHandle>,
  close: (handle: DbHandle) => Promise<void>,
) {
  const email = `ann.owner-${process.pid}@example.com`;

  it('adds an owner: a new account named from the address, a link that sets its password, the audit trail', async () => {
    const added = await runOwnerCommand(['add', `  ${email.toUpperCase()} `], database());
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain(`${email} is an owner (a new account).`);
    expect(added.stdout).toContain('once, within 24 hours');
    const token = linkToken(added.stdout);

    const handle = await open();
    let app: FastifyInstance | undefined;
    try {
      const [user] = await handle.db.select().from(users).where(eq(users.email, email));
      expect(user).toMatchObject({ role: 'owner', name: email.split('@')[0], passwordHash: null });
      const [event] = await handle.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'owner.added'));
      expect(event).toMatchObject({
        actorUserId: null,
        actorLabel: 'cli',
        before: null,
        after: { email, role: 'owner' },
      });

      app = await buildApp({ config: testConfig({ publicBaseUrl: PUBLIC_BASE_URL }), db: handle });
      const browser = new Browser(app);
      expectSuccess(
        await browser.post('/api/user/reset-password', { token, newPassword: NEW_PASSWORD }),
      );
      // The link works once.
      const again = await new Browser(app).post('/api/user/reset-password', {
        token,
        newPassword: NEW_PASSWORD,
      });
      expect(again.statusCode).toBe(400);
      expectSuccess(await browser.login(email, NEW_PASSWORD));
      expect(await browser.profile()).toMatchObject({ email, role: 'owner' });
      // The console asks for the authenticator first; set it up, so `remove` has one to forget.
      expect((await browser.get('/api/admin/session')).json()).toMatchObject({ mfa: 'enrol' });
      const { secret } = MfaEnrolResponseSchema.parse(
        (await browser.post('/api/admin/mfa/enrol')).json(),
      );
      const confirmed = await browser.post('/api/admin/mfa/confirm', {
        code: totpCode(secret, new Date()),
      });
      MfaConfirmResponseSchema.parse(confirmed.json());
    } finally {
      await app?.close();
      await close(handle);
    }
  });

  it('adds an existing owner again: no change of role, a new link that voids the old one', async () => {
    const first = await runOwnerCommand(['add', email], database());
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`${email} was already an owner.`);
    const old = linkToken(first.stdout);
    const second = await runOwnerCommand(['add', email], database());
    const token = linkToken(second.stdout);
    const handle = await open();
    let app: FastifyInstance | undefined;
    try {
      app = await buildApp({ config: testConfig(), db: handle });
      const refused = await new Browser(app).post('/api/user/reset-password', {
        token: old,
        newPassword: NEW_PASSWORD,
      });
      expect(refused.statusCode).toBe(400);
      expect(token).not.toBe(old);
      const added = await handle.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'owner.added'));
      expect(added).toHaveLength(1);
    } finally {
      await app?.close();
      await close(handle);
    }
  });

  it('removes an owner: a customer again, every session ended, the authenticator forgotten', async () => {
    const handle = await open();
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    const userId = user?.id as string;
    expect(
      await handle.db.select().from(totpFactors).where(eq(totpFactors.userId, userId)),
    ).toHaveLength(1);
    expect(
      await handle.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    ).toHaveLength(10);
    const liveSessions = await handle.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(liveSessions.length).toBeGreaterThan(0);
    await close(handle);

    const removed = await runOwnerCommand(['remove', email], database());
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain(
      `${email} is a customer again: ${liveSessions.length} session(s) ended`,
    );

    const after = await open();
    try {
      const [row] = await after.db.select().from(users).where(eq(users.id, userId));
      expect(row?.role).toBe('customer');
      for (const table of [sessions, totpFactors, recoveryCodes]) {
        expect(await after.db.select().from(table).where(eq(table.userId, userId))).toEqual([]);
      }
      const [event] = await after.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'owner.removed')));
      expect(event).toMatchObject({
        actorUserId: null,
        actorLabel: 'cli',
        before: { email, role: 'owner' },
        after: { email, role: 'customer' },
      });
    } finally {
      await close(after);
    }
  });

  it('refuses, changing nothing: no such account, not an owner, not understood', async () => {
    const unknown = await runOwnerCommand(['remove', 'nobody@example.com'], database());
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account has this email.');
    const customer = await runOwnerCommand(['remove', email], database());
    expect(customer.code).toBe(1);
    expect(customer.stderr).toContain('This account is not an owner.');
    for (const args of [
      [],
      ['add'],
      ['promote', email],
      ['add', 'not-an-email'],
      ['add', email, 'x'],
    ]) {
      const run = await runOwnerCommand(args, database());
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
    }
    const handle = await open();
    try {
      const events = await handle.db.select().from(auditEvents);
      expect(events.map((e) => e.action).sort()).toEqual([
        'mfa.enrolled',
        'mfa.enrolment_started',
        'owner.added',
        'owner.removed',
      ]);
    } finally {
      await close(handle);
    }
  });

  it('makes a customer an owner with a new credential: the old password and sessions no longer work', async () => {
    const customerEmail = `cara.customer-${process.pid}@example.com`;
    let handle = await open();
    let app: FastifyInstance | undefined;
    let oldSession: string | undefined;
    try {
      app = await buildApp({ config: testConfig(), db: handle });
      const customer = new Browser(app);
      await customer.signUpAndIn(customerEmail, NEW_PASSWORD);
      oldSession = customer.sid;
    } finally {
      await app?.close();
      await close(handle);
    }

    // Refused while the address is unconfirmed: whoever registered it may not hold it.
    const refused = await runOwnerCommand(['add', customerEmail], database());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(UNVERIFIED_ACCOUNT_MESSAGE);
    expect(refused.stdout).not.toContain('/reset-password/');
    handle = await open();
    try {
      const [row] = await handle.db.select().from(users).where(eq(users.email, customerEmail));
      expect(row).toMatchObject({ role: 'customer', emailVerifiedAt: null });
      expect(
        await handle.db
          .select()
          .from(sessions)
          .where(eq(sessions.userId, row?.id as string)),
      ).toHaveLength(1);
      // Confirmed as from its email (the routes' tests run the link itself).
      await handle.db
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(eq(users.email, customerEmail));
    } finally {
      await close(handle);
    }

    const added = await runOwnerCommand(['add', customerEmail], database());
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain(
      `${customerEmail} is an owner now (was a customer): its password, sessions and Google sign-in no longer work.`,
    );
    const token = linkToken(added.stdout);

    handle = await open();
    app = undefined;
    try {
      app = await buildApp({ config: testConfig(), db: handle });
      const old = new Browser(app);
      old.setSid(oldSession);
      expect(await old.profile()).toBeNull();
      expect((await new Browser(app).login(customerEmail, NEW_PASSWORD)).statusCode).toBe(401);
      const [event] = await handle.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'owner.added'), eq(auditEvents.actorLabel, 'cli')))
        .orderBy(desc(auditEvents.at))
        .limit(1);
      expect(event).toMatchObject({
        before: { email: customerEmail, role: 'customer' },
        after: { email: customerEmail, role: 'owner', sessionsEnded: 1 },
      });
      // The link is the way in.
      const owner = new Browser(app);
      expectSuccess(
        await owner.post('/api/user/reset-password', { token, newPassword: 'Owner#Other2026' }),
      );
      expectSuccess(await owner.login(customerEmail, 'Owner#Other2026'));
      expect((await owner.get('/api/admin/session')).json()).toMatchObject({ mfa: 'enrol' });
    } finally {
      await app?.close();
      await close(handle);
    }
  });
}

describe('npm run owner on an embedded (PGlite) data directory', { timeout: 120_000 }, () => {
  const root = mkdtempSync(join(tmpdir(), 'owner-cli-'));
  const dataDir = join(root, 'data');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  ownerLifecycle(
    () => ({ DATA_DIR: dataDir }),
    () => createDb({ dataDir }),
    (handle) => handle.close(),
  );

  it('refuses to open a data directory a running process holds', async () => {
    const handle = await createDb({ dataDir });
    try {
      const run = await runOwnerCommand(['add', 'bob@example.com'], { DATA_DIR: dataDir });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('is in use by another process');
      expect(
        await handle.db.select().from(users).where(eq(users.email, 'bob@example.com')),
      ).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});

const postgres = (await databaseKinds()).includes('postgres');

describe.runIf(postgres)('npm run owner on PostgreSQL (DATABASE_URL)', { timeout: 120_000 }, () => {
  let database: PostgresTestDatabase;
  beforeAll(async () => {
    database = await openPostgresDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  // The server may run meanwhile: the test keeps its own pool open throughout.
  ownerLifecycle(
    () => ({ DATABASE_URL: database.url }),
    async () => database.handle,
    async () => {},
  );
});
