/**
 * `npm run owner -- add <email>` and `npm run owner -- remove <email>`: who the owners are is
 * decided at the command line, with the server's own configuration and database (`.env`,
 * `DATABASE_URL` or the embedded database in `DATA_DIR`, which must not be open in a running
 * server). Both are written to the audit trail with the command line as their actor.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createDb, prepareDb } from '@app/db';
import { EMAIL_PATTERN, normalizeEmail } from '@app/shared';
import { loadConfig, ROOT_DIR } from '../config/env.ts';
import { addOwner, OWNER_PASSWORD_LINK_LIFETIME_MS } from '../modules/owners/add-owner.ts';
import { removeOwner } from '../modules/owners/remove-owner.ts';

const USAGE = `Usage: npm run owner -- add <email>     make the account an owner (creating it if needed)
       npm run owner -- remove <email>  make the owner a customer again`;

/** Exit codes: 0 done, 1 refused or failed, 2 not understood. */
async function main(argv: string[]): Promise<number> {
  const [command, given, ...extra] = argv;
  if ((command !== 'add' && command !== 'remove') || !given || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const email = normalizeEmail(given);
  if (!EMAIL_PATTERN.test(email)) {
    console.error(`Not an email address: ${given}`);
    return 2;
  }

  // Settings in .env apply unless the environment already sets them (as for `npm start`).
  const envFile = resolve(ROOT_DIR, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();
  const db = await createDb({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    // A database the server has never opened gets its tables first (the catalogue comes with
    // the server's first start).
    await prepareDb(db, { seed: false, migrationUrl: config.databaseMigrationUrl });
    const now = new Date();
    if (command === 'add') {
      const { created, wasOwner, token } = await addOwner(db.db, email, now);
      const hours = OWNER_PASSWORD_LINK_LIFETIME_MS / 3_600_000;
      console.log(
        created
          ? `${email} is an owner (a new account).`
          : wasOwner
            ? `${email} was already an owner.`
            : `${email} is an owner now (was a customer): its password, sessions and Google sign-in no longer work.`,
      );
      console.log(`Set the password with this link, once, within ${hours} hours:`);
      console.log(`${config.publicBaseUrl}/reset-password/${token}`);
      console.log('At the first sign-in the console asks to set up an authenticator app.');
    } else {
      const { sessionsEnded } = await removeOwner(db.db, email, now);
      console.log(
        `${email} is a customer again: ${sessionsEnded} session(s) ended, authenticator and recovery codes forgotten.`,
      );
    }
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
