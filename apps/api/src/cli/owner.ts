/**
 * `npm run owner -- add <email>` and `npm run owner -- remove <email>`: who the owners are is
 * decided at the command line, with the server's own configuration and database (`.env`,
 * `DATABASE_URL` or the embedded database in `DATA_DIR`, which must not be open in a running
 * server). Both are written to the audit trail with the command line as their actor.
 */
import { addOwner } from '../modules/owners/add-owner.ts';
import { removeOwner } from '../modules/owners/remove-owner.ts';
import { printStaffAdded, readVerbAndEmail, runCommand, withServerDatabase } from './command.ts';

const USAGE = `Usage: npm run owner -- add <email>     make the account an owner (creating it if needed)
       npm run owner -- remove <email>  make the owner a customer again`;

/** Exit codes: 0 done, 1 refused or failed, 2 not understood. */
async function main(argv: string[]): Promise<number> {
  const line = readVerbAndEmail(argv, USAGE, { add: [], remove: [] });
  if (!line) return 2;
  const { verb, email } = line;

  return withServerDatabase(async (db, config) => {
    const now = new Date();
    if (verb === 'add') {
      const { created, wasOwner, token } = await addOwner(db, email, now);
      printStaffAdded(config, email, 'an owner', { created, hadRole: wasOwner, token });
      console.log('At the first sign-in the console asks to set up an authenticator app.');
    } else {
      const { sessionsEnded } = await removeOwner(db, email, now);
      console.log(
        `${email} is a customer again: ${sessionsEnded} session(s) ended, authenticator and recovery codes forgotten.`,
      );
    }
    return 0;
  });
}

runCommand(main);
