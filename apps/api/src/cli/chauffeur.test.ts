import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { appointments, auditEvents, createDb, prepareDb, services, sessions, users } from '@app/db';
import { buildApp } from '../app.ts';
import { Browser, expectSuccess } from '../test/browser.ts';
import { runCliCommand } from '../test/cli.ts';
import { testConfig } from '../test/config.ts';
import { insertAppointment } from '../test/fixtures.ts';
import { createSession, CHAUFFEUR_SESSION_POLICY } from '../modules/auth/sessions.ts';

const PUBLIC_BASE_URL = 'http://rides.example.test';
const NEW_PASSWORD = 'Driver#Pass2026';

describe('npm run chauffeur on an embedded (PGlite) data directory', { timeout: 120_000 }, () => {
  const root = mkdtempSync(join(tmpdir(), 'chauffeur-cli-'));
  const dataDir = join(root, 'data');
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const run = (args: string[]) =>
    runCliCommand('chauffeur', args, { PUBLIC_BASE_URL, DATA_DIR: dataDir });
  const email = `dana.driver-${process.pid}@example.com`;

  it('adds a chauffeur: a new account with its name and phone, a link that sets its password', async () => {
    for (const args of [['add', email], ['add', email, '--name', 'Dana'], ['remove']]) {
      const refused = await run(args);
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stdout).toBe('');
    }
    const added = await run([
      'add',
      email.toUpperCase(),
      '--name',
      'Dana Driver',
      '--phone',
      '781-555-0123',
    ]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain(`${email} is a chauffeur (a new account).`);
    expect(added.stdout).toContain(`${PUBLIC_BASE_URL}/drive`);
    const token = new RegExp(`${PUBLIC_BASE_URL}/reset-password/([A-Za-z0-9_-]{43})\\n`).exec(
      added.stdout,
    )?.[1];
    expect(token, added.stdout).toBeDefined();

    const handle = await createDb({ dataDir });
    let app: FastifyInstance | undefined;
    try {
      const [user] = await handle.db.select().from(users).where(eq(users.email, email));
      expect(user).toMatchObject({ role: 'chauffeur', name: 'Dana Driver', phone: '781-555-0123' });
      const [event] = await handle.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'chauffeur.added'));
      expect(event).toMatchObject({ actorUserId: null, actorLabel: 'cli', before: null });
      app = await buildApp({ config: testConfig({ publicBaseUrl: PUBLIC_BASE_URL }), db: handle });
      const browser = new Browser(app);
      expectSuccess(
        await browser.post('/api/user/reset-password', { token, newPassword: NEW_PASSWORD }),
      );
      expectSuccess(await browser.login(email, NEW_PASSWORD));
      expect((await browser.get('/api/admin/session')).json()).toMatchObject({ mfa: 'enrol' });
    } finally {
      await app?.close();
      await handle.close();
    }
  });

  it('removes a chauffeur: a customer again, sessions ended, the coming ride unassigned', async () => {
    let handle = await createDb({ dataDir });
    let rideId: string;
    try {
      const [user] = await handle.db.select().from(users).where(eq(users.email, email));
      const userId = user?.id as string;
      await createSession(handle.db, userId, new Date(), CHAUFFEUR_SESSION_POLICY);
      // The command made the tables only; the catalogue comes as with the server's first start.
      await prepareDb(handle, { seed: true });
      const [car] = await handle.db.select({ id: services.id }).from(services).limit(1);
      const serviceId = car?.id;
      rideId = await insertAppointment(handle.db, {
        userId,
        serviceId: serviceId as string,
        slotDate: '25_11_2099',
        slotTime: '10:00 AM',
        status: 'paid',
      });
      await handle.db
        .update(appointments)
        .set({ chauffeurId: userId })
        .where(eq(appointments.id, rideId));
    } finally {
      await handle.close();
    }

    const removed = await run(['remove', email]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain(
      `${email} is a customer again: 2 session(s) ended, 1 coming ride(s) have no chauffeur now.`,
    );
    handle = await createDb({ dataDir });
    try {
      const [user] = await handle.db.select().from(users).where(eq(users.email, email));
      expect(user?.role).toBe('customer');
      expect(
        await handle.db
          .select()
          .from(sessions)
          .where(eq(sessions.userId, user?.id as string)),
      ).toEqual([]);
      const [ride] = await handle.db.select().from(appointments).where(eq(appointments.id, rideId));
      expect(ride?.chauffeurId).toBeNull();
      const [event] = await handle.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'chauffeur.removed'));
      expect(event).toMatchObject({
        actorLabel: 'cli',
        after: { email, role: 'customer', ridesUnassigned: 1 },
      });
    } finally {
      await handle.close();
    }
    const again = await run(['remove', email]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('No chauffeur has this account.');
  });
});
