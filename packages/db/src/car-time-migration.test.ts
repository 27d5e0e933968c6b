import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createDb, type DbHandle, type Schema } from './client.ts';
import { prepareDb } from './migrate.ts';

/*
 * The car's-time migration (`*_car_time`, ADR 018) on a database that has bookings: every booking made
 * before lengths keeps what it was sold (its half hour, no turnaround), and bookings on adjacent
 * half hours of one car, which one-per-slot allowed, satisfy the new exclusion constraint.
 */

const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the migrations whose journal stops before the car's time: the database as it was. */
function migrationsBeforeCarTime(): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-before-car-time-'));
  dirs.push(dir);
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith('_car_time'));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

async function migrateTo(handle: DbHandle, folder: string): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, {
      migrationsFolder: folder,
    });
  } else {
    await migratePostgres(handle.db as unknown as NodePgDatabase<Schema>, {
      migrationsFolder: folder,
    });
  }
}

type Rows<T> = { rows: T[] } | T[];
const rowsOf = <T>(result: unknown): T[] => {
  const r = result as Rows<T>;
  return Array.isArray(r) ? r : r.rows;
};

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const kinds: ('pglite' | 'postgres')[] = (await postgresReachable())
  ? ['pglite', 'postgres']
  : ['pglite'];

describe.each(kinds)('the car’s-time migration over live bookings on %s', (kind) => {
  it('keeps every booking its half hour without turnaround, under the new constraint', async () => {
    let handle: DbHandle;
    let drop: () => Promise<void>;
    if (kind === 'pglite') {
      handle = await createDb({ dataDir: 'memory://' });
      drop = () => handle.close();
    } else {
      const name = `test_mig_${Math.random().toString(36).slice(2, 10)}`;
      await admin(`create database ${name}`);
      const url = new URL(ADMIN_URL);
      url.pathname = `/${name}`;
      handle = await createDb({ url: url.toString(), poolSize: 2 });
      drop = async () => {
        await handle.close();
        await admin(`drop database if exists ${name} with (force)`);
      };
    }
    try {
      const { db } = handle;
      await migrateTo(handle, migrationsBeforeCarTime());
      const [car] = rowsOf<{ id: string }>(
        await db.execute(sql`
          insert into services (position, name, service_level, model, image, about, address,
            fees_cents, service_types, special_price_per_hour_cents,
            special_price_one_hour_fifteen_cents, special_price_extra_cents,
            special_price_flat_rate_cents, service_charge_per_hour_cents, rental_daily_cents,
            rental_weekly_cents)
          values (1, 'Old Car', 'Executive', 'Tesla', '/x.svg', 'About', '1 Main St', 6500,
            array['Airport Transfer'], 1, 1, 1, 1, 1, 1, 1)
          returning id`),
      );
      const [user] = rowsOf<{ id: string }>(
        await db.execute(
          sql`insert into users (name, email) values ('Old Rider', 'old@example.com') returning id`,
        ),
      );
      // Four adjacent half hours of one car, paid and held, and one cancelled on the first.
      // 9:00 to 10:30 AM in New York.
      const starts = [
        ['14:00', '9:00 AM'],
        ['14:30', '9:30 AM'],
        ['15:00', '10:00 AM'],
        ['15:30', '10:30 AM'],
      ] as const;
      for (const [i, [time, label]] of starts.entries()) {
        await db.execute(sql`
          insert into appointments (user_id, service_id, slot_start, slot_date, slot_time, status,
            service_type, phone, pickup_address, dropoff_address, amount_cents, hold_expires_at)
          values (${user?.id}, ${car?.id}, ${`2027-01-05T${time}:00Z`}::timestamptz, '5_1_2027',
            ${label}, ${i % 2 === 0 ? 'paid' : 'pending_payment'}, 'Airport Transfer',
            '781-555-0100', '1 Main St', 'Logan', 6600, '2100-01-01T00:00:00Z')`);
      }
      await db.execute(sql`
        insert into appointments (user_id, service_id, slot_start, slot_date, slot_time, status,
          service_type, phone, pickup_address, dropoff_address, amount_cents, hold_expires_at)
        values (${user?.id}, ${car?.id}, '2027-01-05T14:00:00Z', '5_1_2027', '9:00 AM',
          'cancelled', 'Airport Transfer', '781-555-0100', '1 Main St', 'Logan', 6600,
          '2100-01-01T00:00:00Z')`);

      // The rest of the migrations, as a server starting on the new code runs them.
      await prepareDb(handle, { seed: false });

      const rows = rowsOf<{
        length_minutes: number;
        turnaround_minutes: number;
        minutes_to_end: number;
        minutes_occupied: number;
        price_cents: number | null;
      }>(
        await db.execute(sql`
          select length_minutes, turnaround_minutes, price_cents,
            extract(epoch from ends_at - slot_start) / 60 as minutes_to_end,
            extract(epoch from occupied_until - slot_start) / 60 as minutes_occupied
          from appointments`),
      );
      expect(rows).toHaveLength(5);
      for (const row of rows) {
        expect({ ...row, minutes_to_end: Number(row.minutes_to_end) }).toMatchObject({
          length_minutes: 30,
          turnaround_minutes: 0,
          minutes_to_end: 30,
          price_cents: null,
        });
        expect(Number(row.minutes_occupied)).toBe(30);
      }
      const overlaps = rowsOf<{ n: number }>(
        await db.execute(sql`
          select count(*)::int as n from appointments a join appointments b
            on a.service_id = b.service_id and a.id < b.id
           and tstzrange(a.slot_start, a.occupied_until) && tstzrange(b.slot_start, b.occupied_until)
          where a.status in ('pending_payment', 'paid') and b.status in ('pending_payment', 'paid')`),
      );
      expect(overlaps[0]?.n).toBe(0);
      // The cars keep the default turnarounds.
      const [turnarounds] = rowsOf<Record<string, number>>(
        await db.execute(sql`
          select ride_turnaround_minutes as ride, hourly_turnaround_minutes as hourly,
            rental_turnaround_minutes as rental from services`),
      );
      expect(turnarounds).toEqual({ ride: 30, hourly: 30, rental: 60 });

      // The constraint is in force: a live booking over one of theirs is refused.
      await expect(
        db.execute(sql`
          insert into appointments (user_id, service_id, slot_start, slot_date, slot_time, status,
            service_type, phone, pickup_address, dropoff_address, amount_cents, hold_expires_at,
            length_minutes, ends_at, turnaround_minutes, occupied_until)
          values (${user?.id}, ${car?.id}, '2027-01-05T13:30:00Z', '5_1_2027', '8:30 AM', 'paid',
            'Airport Transfer', '781-555-0100', '1 Main St', 'Logan', 6600,
            '2100-01-01T00:00:00Z', 60, '2027-01-05T14:30:00Z', 0, '2027-01-05T14:30:00Z')`),
      ).rejects.toThrow();
    } finally {
      await drop();
    }
  });
});
