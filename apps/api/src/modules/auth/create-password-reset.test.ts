import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '@app/db';
import { uniqueEmail } from '../../test/browser.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { createPasswordReset } from './create-password-reset.ts';

/**
 * The statements a forgot-password request runs after its answer, counted at the PostgreSQL
 * client: the same for an unknown email as for an account, so their timing says nothing.
 */
describe.skipIf(!(await databaseKinds()).includes('postgres'))(
  'the work behind forgot-password on postgres',
  () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await openTestDatabase('postgres', { seed: false });
    });
    afterAll(async () => {
      vi.restoreAllMocks();
      await database.drop();
    });

    const statementsOf = async (work: () => Promise<unknown>) => {
      const query = vi.spyOn(pg.Client.prototype, 'query');
      try {
        await work();
        return query.mock.calls.map(([text]) =>
          typeof text === 'string' ? text : (text as { text: string }).text,
        );
      } finally {
        query.mockRestore();
      }
    };

    it('runs the same statements whether or not the account exists', async () => {
      const email = uniqueEmail('forgot');
      await database.handle.db.insert(users).values({ name: 'Reset Rider', email });
      const now = new Date();
      let issued: unknown;
      const known = await statementsOf(async () => {
        issued = await createPasswordReset(database.handle.db, email, now);
      });
      expect(issued).toMatchObject({ name: 'Reset Rider', token: expect.any(String) });
      const unknown = await statementsOf(() =>
        createPasswordReset(database.handle.db, uniqueEmail('nobody'), now),
      );
      expect(known.length).toBeGreaterThan(1);
      expect(unknown).toEqual(known);
    });
  },
);
