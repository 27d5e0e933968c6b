import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

const ROOT_DIR = resolve(import.meta.dirname, '../../../..');
const NODE = resolve(ROOT_DIR, 'node_modules/.bin/node');

export function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  port: number;
  /** SIGTERM, then SIGKILL if it has not exited within 5 s. */
  stop(): Promise<void>;
  /** Sends a signal and returns at once (fault tests: SIGKILL, SIGTERM). */
  kill(signal: NodeJS.Signals): void;
  /** Settles when the process has exited, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last 10 kB of its stdout and stderr, for failure messages. */
  output(): string;
}

/**
 * The real server (`apps/api/src/server.ts`) as a child process on a free loopback port,
 * resolved once `/api/health/ready` answers.
 */
export async function startServerProcess(
  env: Record<string, string>,
  /** `false`: answer once spawned, for a test that kills it while it starts (its jobs run first). */
  options: { ready?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Nothing of the machine's own payment, mail, Redis or limit settings leaks into the child.
  const childEnv = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(STRIPE_|REDIS_URL|SMTP_URL|GOOGLE_CLIENT_ID|RATE_LIMIT_|HOLDS?_)/.test(name),
    ),
  );
  const child: ChildProcess = spawn(NODE, ['apps/api/src/server.ts'], {
    cwd: ROOT_DIR,
    env: { ...childEnv, HOST: '127.0.0.1', PORT: String(port), PUBLIC_BASE_URL: baseUrl, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-10_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => {
      exited = true;
      done({ code, signal });
    }),
  );
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exit;
    clearTimeout(timer);
  };

  const deadline = Date.now() + 45_000;
  for (;;) {
    if (options.ready === false) break;
    if (exited) throw new Error(`the server exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not ready in time:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    port,
    stop,
    kill: (signal) => void child.kill(signal),
    exited: exit,
    output: () => output,
  };
}
