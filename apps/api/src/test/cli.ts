import { execFile } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT_DIR = resolve(import.meta.dirname, '../../../..');
const NODE = resolve(ROOT_DIR, 'node_modules/.bin/node');

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run <command> -- …` as the operator runs it (`apps/api/src/cli/<command>.ts`): a process
 * of its own, with this database and public address, and nothing of the machine's own settings
 * (a DATABASE_URL above all).
 */
export function runCliCommand(
  command: string,
  args: string[],
  settings: Record<string, string>,
): Promise<CommandRun> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !/^(DATABASE_URL|DATA_DIR|STRIPE_|REDIS_URL|SMTP_URL|GOOGLE_CLIENT_ID|RATE_LIMIT_)/.test(
          name,
        ),
    ),
  );
  return new Promise((done) => {
    execFile(
      NODE,
      [`apps/api/src/cli/${command}.ts`, ...args],
      { cwd: ROOT_DIR, env: { ...env, NODE_ENV: 'test', ...settings }, timeout: 60_000 },
      (error, stdout, stderr) =>
        done({
          code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          stdout,
          stderr,
        }),
    );
  });
}
