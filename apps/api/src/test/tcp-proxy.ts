import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** The loopback port the proxy listens on (the same across stop and start). */
  port: number;
  /**
   * The database "stops": every open connection is cut and new ones are refused until
   * `start()`. `reset` cuts with a TCP reset (a crashed host), `end` with a plain close (a
   * server that went away between two messages).
   */
  stop(how?: 'reset' | 'end'): Promise<void>;
  /**
   * The network goes silent: connections stay open but every byte is dropped, both ways, until
   * `stop()` (nothing is refused or reset, so a client only notices by waiting).
   */
  stall(): void;
  /** Bytes dropped while stalled: proof that a client sent something into the silence. */
  readonly droppedBytes: number;
  /** Accepts connections again, on the same port, and forwards their traffic. */
  start(): Promise<void>;
  /** Stops for good. */
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of a server (PostgreSQL in the fault tests), so a test can
 * take "the database" away from one server process without stopping the shared server.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  let stalled = false;
  let droppedBytes = 0;
  const forward = (from: Socket, to: Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (stalled) droppedBytes += chunk.length;
      else to.write(chunk);
    });
    from.on('end', () => to.end());
  };

  const listen = async () => {
    const next = createServer((client) => {
      const upstream = createConnection(target);
      for (const socket of [client, upstream]) {
        open.add(socket);
        socket.on('close', () => open.delete(socket));
        // Either side failing ends the pair; the error itself is the peer's to see.
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      forward(client, upstream);
      forward(upstream, client);
    });
    await new Promise<void>((done, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        next.off('error', reject);
        done();
      });
    });
    const address = next.address();
    port = typeof address === 'object' && address ? address.port : port;
    server = next;
  };

  const stop = async (how: 'reset' | 'end' = 'reset') => {
    const current = server;
    server = undefined;
    if (!current) return;
    const closed = new Promise<void>((done) => current.close(() => done()));
    for (const socket of open) {
      if (how === 'reset') socket.resetAndDestroy();
      else socket.destroy();
    }
    await closed;
  };

  await listen();
  return {
    get port() {
      return port;
    },
    get droppedBytes() {
      return droppedBytes;
    },
    stop,
    stall: () => {
      stalled = true;
    },
    start: async () => {
      stalled = false;
      if (!server) await listen();
    },
    close: () => stop('end'),
  };
}
