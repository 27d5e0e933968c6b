/**
 * `npm run chauffeur -- add <email> --name "<name>" --phone <phone>` and
 * `npm run chauffeur -- remove <email>`: what the console's Chauffeurs area does, at the command
 * line, with the server's own configuration and database (`command.ts`). The add prints the
 * link to set the password (this machine may have no mailer) instead of emailing it. Both are
 * written to the audit trail with the command line as their actor.
 */
import { AddChauffeurSchema } from '@app/shared';
import { CLI_ACTOR } from '../modules/audit/record-audit.ts';
import { addChauffeur } from '../modules/chauffeurs/add-chauffeur.ts';
import { removeChauffeur } from '../modules/chauffeurs/remove-chauffeur.ts';
import { printStaffAdded, readVerbAndEmail, runCommand, withServerDatabase } from './command.ts';

const USAGE = `Usage: npm run chauffeur -- add <email> --name "<name>" --phone <phone>
                                     make the account a chauffeur (creating it if needed)
       npm run chauffeur -- remove <email>  make the chauffeur a customer again`;

/** Exit codes: 0 done, 1 refused or failed, 2 not understood. */
async function main(argv: string[]): Promise<number> {
  const line = readVerbAndEmail(argv, USAGE, { add: ['name', 'phone'], remove: [] });
  if (!line) return 2;
  const { verb, email } = line;
  const input =
    verb === 'add' ? AddChauffeurSchema.safeParse({ email, ...line.options }) : undefined;
  if (input && !input.success) {
    console.error(input.error.issues[0]?.message ?? 'Not understood.');
    return 2;
  }

  return withServerDatabase(async (db, config) => {
    const now = new Date();
    if (input) {
      const { created, wasChauffeur, token } = await addChauffeur(db, input.data, {
        actor: CLI_ACTOR,
        now,
        invite: 'link',
      });
      printStaffAdded(config, email, 'a chauffeur', { created, hadRole: wasChauffeur, token });
      console.log(
        `At the first sign-in it asks to set up an authenticator app; the day sheet is at ${config.publicBaseUrl}/drive.`,
      );
    } else {
      const { sessionsEnded, ridesUnassigned } = await removeChauffeur(
        db,
        { email },
        { actor: CLI_ACTOR, now },
      );
      console.log(
        `${email} is a customer again: ${sessionsEnded} session(s) ended, ${ridesUnassigned} coming ride(s) have no chauffeur now.`,
      );
    }
    return 0;
  });
}

runCommand(main);
