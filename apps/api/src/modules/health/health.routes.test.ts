import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../db-errors.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase } from '../../test/databases.ts';

describe.each(await databaseKinds())('health checks on %s', (kind) => {
  it('liveness answers; readiness touches the database and fails clearly without it', async () => {
    const database = await openTestDatabase(kind, { seed: false });
    const app = await buildApp({ config: testConfig(), db: database.handle });
    try {
      expect((await app.inject('/api/health')).json()).toEqual({ status: 'ok' });
      const ready = await app.inject('/api/health/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', database: kind, rateLimits: 'memory' });

      await database.drop(); // the database goes away under the running app
      const down = await app.inject('/api/health/ready');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        success: false,
        message: DATABASE_UNAVAILABLE_MESSAGE,
      });
      expect((await app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
