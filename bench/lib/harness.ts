/**
 * Shared plumbing for the benchmarks: temp dirs, a free port, the real server as a child
 * process, and cleanup that runs on success, on failure and on Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT_DIR = resolve(import.meta.dirname, '../..');
export const KB = 1024;

// ---------------------------------------------------------------------------------------------
// Cleanup
// ---------------------------------------------------------------------------------------------

type AsyncCleanup = () => Promise<void> | void;

const asyncCleanups: AsyncCleanup[] = [];
/** Last-resort, synchronous versions, run from process 'exit' if the async ones never ran. */
const syncCleanups = new Set<() => void>();

/** Registers cleanup work; it runs in reverse order of registration. */
export function onCleanup(fn: AsyncCleanup, syncFallback?: () => void): void {
  asyncCleanups.push(fn);
  if (syncFallback) syncCleanups.add(syncFallback);
}

let cleaning: Promise<void> | undefined;

export function runCleanup(): Promise<void> {
  cleaning ??= (async () => {
    while (asyncCleanups.length > 0) {
      const fn = asyncCleanups.pop();
      try {
        await fn?.();
      } catch (error) {
        console.error('cleanup failed:', error instanceof Error ? error.message : error);
      }
    }
    syncCleanups.clear();
  })();
  return cleaning;
}

process.on('exit', () => {
  for (const fn of syncCleanups) {
    try {
      fn();
    } catch {
      // nothing more can be done while exiting
    }
  }
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void runCleanup().finally(() => process.exit(130));
  });
}

/** Runs a benchmark's main function, then cleans up whatever happened, then exits. */
export function runMain(main: () => Promise<void>): void {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 24) {
    console.error(
      `Node ${process.versions.node}: the benchmarks need Node 24 (run them with npm run, or with node_modules/.bin/node).`,
    );
    process.exit(1);
  }
  main()
    .then(
      () => 0,
      (error: unknown) => {
        console.error('\nBENCHMARK FAILED:', error instanceof Error ? error.stack : error);
        return 1;
      },
    )
    .then(async (code) => {
      await runCleanup();
      process.exit(code);
    });
}

// ---------------------------------------------------------------------------------------------
// Temp dirs and ports
// ---------------------------------------------------------------------------------------------

/** A fresh temp dir, removed on cleanup. */
export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  onCleanup(remove, remove);
  return dir;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Child processes
// ---------------------------------------------------------------------------------------------

/** Runs a command to completion, keeping its output; rejects with that output on failure. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<string> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const killChild = () => child.kill('SIGKILL');
    syncCleanups.add(killChild);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      syncCleanups.delete(killChild);
      if (code === 0) resolveRun(output);
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code}):\n${output}`));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  /** The server's resident memory now, in bytes (Linux: `/proc/<pid>/status`). */
  rss(): number;
  /** The CPU time the server has used so far, in ms (Linux: `/proc/<pid>/stat`). */
  cpuMs(): number;
  /** The server's recent output, for error messages. */
  logs(): string;
}

export interface ServerOptions {
  dataDir: string;
  webDistDir: string;
  /** A PostgreSQL server instead of the embedded PGlite database. */
  databaseUrl?: string | undefined;
  readyTimeoutMs?: number;
}

/**
 * Starts the real server (`apps/api/src/server.ts`) on a free port and waits until it answers
 * `/api/health/ready`. It is stopped on cleanup. Mail, data and the session secret stay in the
 * caller's temp dir.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Production mode only changes cookie names and flags, and demands real mail, sessions and
    // URL settings; the benchmarks measure the same code paths without them.
    NODE_ENV: process.env.BENCH_NODE_ENV ?? 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_BASE_URL: baseUrl,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    DATA_DIR: options.dataDir,
    WEB_DIST_DIR: options.webDistDir,
    MAIL_DIR: join(options.dataDir, '..', 'mail'),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;

  // BENCH_SERVER_PROF=<dir>: V8 writes the server's CPU profile there when it stops (open it in
  // Chrome's DevTools). The profiler slows the server, so read where its time goes, not figures.
  const profileDir = process.env.BENCH_SERVER_PROF;
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, 'apps/api/src/server.ts'], {
    cwd: ROOT_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: string | undefined;
  const exitedPromise = new Promise<void>((resolveExit) => {
    child.on('exit', (code, signal) => {
      exited = `exited with ${signal ?? code}`;
      resolveExit();
    });
  });

  const killHard = () => {
    if (!exited) child.kill('SIGKILL');
  };
  onCleanup(async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(killHard, 5000);
    await exitedPromise;
    clearTimeout(timer);
  }, killHard);

  const deadline = Date.now() + (options.readyTimeoutMs ?? 180_000);
  for (;;) {
    if (exited) throw new Error(`The server ${exited} before it was ready:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The server was not ready in time:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health/ready`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = child.pid as number;
  return {
    baseUrl,
    logs: () => output,
    rss: () => residentBytes(pid),
    cpuMs: () => processCpuMs(String(pid)).own,
  };
}

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on every Linux build in use). */
const TICKS_PER_SECOND = 100;

/**
 * A process's CPU time (user and system), in ms: its own, and that of its children it has
 * waited for (`self` for this process). Linux: `/proc/<pid>/stat`.
 */
export function processCpuMs(pid: string): { own: number; children: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  // utime, stime, cutime, cstime: fields 14 to 17 of proc(5), 12 to 15 here.
  const [utime = 0, stime = 0, cutime = 0, cstime = 0] = fields.slice(11, 15);
  const ms = 1000 / TICKS_PER_SECOND;
  return { own: (utime + stime) * ms, children: (cutime + cstime) * ms };
}

/**
 * The whole machine's busy CPU time so far, in ms: every core's user, system and interrupt time
 * (not idle, I/O wait, or time the hypervisor gave another guest).
 */
export function machineCpuMs(): number {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.split(/\s+/).slice(1).map(Number);
  if (!cpu || cpu.length < 8) throw new Error('no cpu line in /proc/stat');
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = cpu;
  return (user + nice + system + irq + softirq) * (1000 / TICKS_PER_SECOND);
}

/** A process's resident set (VmRSS), in bytes. */
function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kib) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kib) * 1024;
}

// ---------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------

/** `12.3 KB` with KB = 1024 bytes. */
/**
 * A positive number from the environment (`BENCH_DURATION`, `BENCH_CONNECTIONS`…), or `fallback`
 * when unset; anything else stops the benchmark with the setting's name.
 */
export function positiveSetting(
  name: string,
  fallback: number,
  options: { integer?: boolean } = {},
): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  const valid = options.integer ? Number.isInteger(value) : Number.isFinite(value);
  if (!valid || value <= 0)
    throw new Error(`${name} must be a positive ${options.integer ? 'integer' : 'number'}`);
  return value;
}

export function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

/** Pads every column to its widest cell; numbers (and `KB` figures) are right-aligned. */
export function table(rows: string[][]): string {
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => {
          const width = widths[i] ?? 0;
          const numeric = /^[\d.,]+( KB| ms| %)?$/.test(cell);
          return i === row.length - 1 ? cell : numeric ? cell.padStart(width) : cell.padEnd(width);
        })
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The `p`th percentile of an ascending list, by nearest rank; NaN for an empty one. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * The public pages a page benchmark measures: all of them, or those BENCH_PAGES names
 * (`home,services,model,car`), to look again at one page quickly. A name of no page is an error,
 * not an empty run.
 */
export function chosenPages<T extends { key: string }>(pages: T[]): T[] {
  const names = process.env.BENCH_PAGES?.split(',').map((key) => key.trim());
  if (!names) return pages;
  const unknown = names.filter((name) => !pages.some(({ key }) => key === name));
  if (unknown.length > 0) {
    const known = pages.map(({ key }) => key).join(',');
    throw new Error(`BENCH_PAGES: no page ${unknown.join(', ')} (the pages: ${known})`);
  }
  return pages.filter(({ key }) => names.includes(key));
}

export function verdict(ok: boolean): string {
  return ok ? 'OK' : 'OVER BUDGET';
}
