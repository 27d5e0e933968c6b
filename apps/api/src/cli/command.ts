/**
 * What the operator's commands share: the command line read (a verb, the address as the site
 * reads it, the verb's options) with its usage on a mistake, the server's own configuration and
 * database opened (and its tables made first), a new staff member's link printed, and the exit
 * code. Exit codes: 0 done, 1 refused or failed, 2 not understood.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createDb, prepareDb, type Database } from '@app/db';
import { EMAIL_PATTERN, normalizeEmail } from '@app/shared';
import { loadConfig, ROOT_DIR, type Config } from '../config/env.ts';
import { STAFF_PASSWORD_LINK_LIFETIME_MS } from '../modules/owners/add-staff.ts';

/** The normalized address, or null (said on stderr) when it is not one. */
export function emailArgument(given: string): string | null {
  const email = normalizeEmail(given);
  if (EMAIL_PATTERN.test(email)) return email;
  console.error(`Not an email address: ${given}`);
  return null;
}

/**
 * Reads `<verb> <email> [--option <text>…]`: `verbs` names each verb and the options it takes,
 * all of them required. Answers the verb, the normalized address and the options, or null when
 * the line is not understood (the usage, or what is wrong with the address, said on stderr).
 */
export function readVerbAndEmail<Verb extends string, Option extends string>(
  argv: string[],
  usage: string,
  verbs: Record<Verb, readonly Option[]>,
): { verb: Verb; email: string; options: Record<Option, string> } | null {
  const all = new Set(Object.values<readonly Option[]>(verbs).flat());
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: Object.fromEntries([...all].map((name) => [name, { type: 'string' as const }])),
    });
  } catch {
    console.error(usage);
    return null;
  }
  const [verb, given, ...extra] = parsed.positionals;
  const wanted: readonly string[] | undefined = Object.hasOwn(verbs, verb ?? '')
    ? verbs[verb as Verb]
    : undefined;
  const values = parsed.values as Record<string, string | undefined>;
  const understood =
    wanted !== undefined &&
    given !== undefined &&
    extra.length === 0 &&
    [...all].every((name) => (values[name] !== undefined) === wanted.includes(name));
  if (!understood) {
    console.error(usage);
    return null;
  }
  const email = emailArgument(given);
  if (!email) return null;
  return { verb: verb as Verb, email, options: values as Record<Option, string> };
}

/**
 * Says what `addStaff` did and prints the one-time link that sets the password: the command
 * line's way in (this machine may have no mailer).
 */
export function printStaffAdded(
  config: Config,
  email: string,
  role: 'an owner' | 'a chauffeur',
  added: { created: boolean; hadRole: boolean; token: string | null },
): void {
  const hours = STAFF_PASSWORD_LINK_LIFETIME_MS / 3_600_000;
  console.log(
    added.created
      ? `${email} is ${role} (a new account).`
      : added.hadRole
        ? `${email} was already ${role}.`
        : `${email} is ${role} now (was a customer): its password, sessions and Google sign-in no longer work.`,
  );
  console.log(`Set the password with this link, once, within ${hours} hours:`);
  console.log(`${config.publicBaseUrl}/reset-password/${added.token}`);
}

/**
 * Runs `work` on the server's database: `.env` applies unless the environment already sets a
 * setting (as for `npm start`); `DATABASE_URL`, or the embedded database in `DATA_DIR`, which
 * must not be open in a running server. A database the server has never opened gets its tables
 * first (the catalogue comes with the server's first start).
 */
export async function withServerDatabase<T>(
  work: (db: Database, config: Config) => Promise<T>,
): Promise<T> {
  const envFile = resolve(ROOT_DIR, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();
  const db = await createDb({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    await prepareDb(db, { seed: false, migrationUrl: config.databaseMigrationUrl });
    return await work(db.db, config);
  } finally {
    await db.close();
  }
}

/** Runs the command and sets the exit code: its answer, or 1 with the error's message. */
export function runCommand(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
