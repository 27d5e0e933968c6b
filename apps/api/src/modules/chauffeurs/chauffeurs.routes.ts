import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '@app/db';
import { AddChauffeurSchema, type ChauffeursResponse } from '@app/shared';
import { signedInUser } from '../../plugins/auth.ts';
import { ownerActor } from '../audit/record-audit.ts';
import { addChauffeur } from './add-chauffeur.ts';
import { listChauffeurs } from './list-chauffeurs.ts';
import { NO_SUCH_CHAUFFEUR_MESSAGE, removeChauffeur } from './remove-chauffeur.ts';
import { signOutChauffeur } from './sign-out-chauffeur.ts';
import { AppError } from '../../errors.ts';

const ChauffeurIdSchema = z.uuid();

/** The owner's chauffeurs: list, add (an emailed invitation), sign out everywhere, remove. */
export function registerChauffeurRoutes(
  app: FastifyInstance,
  deps: { db: Database; now: () => Date },
): void {
  const { db, now } = deps;
  const owner = { config: { auth: 'owner' } } as const;
  const answer = async (message?: string): Promise<ChauffeursResponse> => ({
    success: true,
    chauffeurs: await listChauffeurs(db),
    ...(message ? { message } : {}),
  });

  /** The chauffeur an action names (an id that is none answers like an unknown one), and who acts. */
  const chauffeurAction = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const id = ChauffeurIdSchema.safeParse(request.params.id);
    if (!id.success) throw AppError.notFound(NO_SUCH_CHAUFFEUR_MESSAGE);
    return { id: id.data, actor: await ownerActor(db, signedInUser(request).id) };
  };

  app.get('/api/admin/chauffeurs', owner, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return answer();
  });

  app.post('/api/admin/chauffeurs', owner, async (request, reply) => {
    const input = AddChauffeurSchema.parse(request.body);
    const actor = await ownerActor(db, signedInUser(request).id);
    const { wasChauffeur } = await addChauffeur(db, input, { actor, now: now(), invite: 'email' });
    reply.header('cache-control', 'no-store');
    return answer(
      wasChauffeur
        ? `${input.email} is already a chauffeur: the invitation is sent again.`
        : `${input.name} is a chauffeur now: an invitation to set a password is on its way to ${input.email}.`,
    );
  });

  // A POST, as every change of the console is (`/…/remove`), not a DELETE.
  app.post<{ Params: { id: string } }>(
    '/api/admin/chauffeurs/:id/remove',
    owner,
    async (request, reply) => {
      const { id, actor } = await chauffeurAction(request);
      const { email, ridesUnassigned } = await removeChauffeur(db, { id }, { actor, now: now() });
      reply.header('cache-control', 'no-store');
      const rides =
        ridesUnassigned === 1 ? '1 coming ride has' : `${ridesUnassigned} coming rides have`;
      return answer(
        `${email} is no longer a chauffeur: signed out, and ${rides} no chauffeur now.`,
      );
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/chauffeurs/:id/sign-out',
    owner,
    async (request, reply) => {
      const { id, actor } = await chauffeurAction(request);
      const ended = await signOutChauffeur(db, id, { actor, now: now() });
      reply.header('cache-control', 'no-store');
      const sessions = ended.sessionsEnded === 1 ? '1 session' : `${ended.sessionsEnded} sessions`;
      const calendar = ended.calendarStopped ? ' and the calendar link stopped' : '';
      return answer(`${ended.name} is signed out everywhere: ${sessions} ended${calendar}.`);
    },
  );
}
