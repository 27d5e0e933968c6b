import pg from 'pg';

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pg pool that survives the database going away and coming back.
 *
 * pg emits 'error' on a checked-out client whose connection dies, besides failing its query: with
 * no listener that crashes the process. And drizzle's transaction sends BEGIN before its
 * try/finally, so a connection that dies during BEGIN is never released: each such client keeps
 * its place in the pool for good, and a few outages leave a pool that can no longer connect.
 * Here a checked-out client whose connection dies gives itself back (with the error, so the pool
 * drops it), and a later release of the same client is ignored.
 */
export class SelfHealingPool extends pg.Pool {
  /**
   * pg-pool's own query() releases its client with the query's error, and a client released with
   * an error is destroyed: every ordinary error answer (a unique violation, that is every "slot
   * just taken") cost a new connection, a new server process and a cold plan cache. An error
   * of severity ERROR leaves the session idle and usable, so its client goes back to the pool;
   * anything else (FATAL, a dead socket) still destroys it.
   */
  // The overloads of pg.Pool['query'] cannot be restated generically; the callback form is
  // left to pg-pool.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    if (typeof values === 'function' || typeof callback === 'function')
      return super.query(config, values, callback);
    return this.connect().then(async (client) => {
      try {
        const result: unknown = await client.query(config, values);
        client.release();
        return result;
      } catch (error) {
        client.release(sessionSurvives(error) ? undefined : (error as Error));
        throw error;
      }
    });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // The callback form is pg's own (pool.query), which handles client errors itself.
    if (callback) return super.connect(callback);
    return super.connect().then(giveBackWhenBroken);
  }
}

function giveBackWhenBroken(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const giveBack = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('error', giveBack);
    release(error);
  };
  client.on('error', giveBack);
  client.release = giveBack;
  return client;
}

/** An error the server answered without ending the session (not FATAL or PANIC). */
function sessionSurvives(error: unknown): boolean {
  return error instanceof pg.DatabaseError && error.severity === 'ERROR';
}
