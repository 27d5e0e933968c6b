import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { appointments, type Database } from '@app/db';
import { CHAUFFEUR_SESSION_POLICY, createSession } from '../modules/auth/sessions.ts';
import { Browser } from './browser.ts';
import { signedInOwner, type SignedInOwner } from './owners.ts';

/**
 * A chauffeur made without the owner's invitation: a user row with the role 'chauffeur', an
 * authenticator set up and a signed-in session that has passed the second factor.
 */
export function signedInChauffeur(
  app: FastifyInstance,
  db: Database,
  now: Date,
): Promise<SignedInOwner> {
  return signedInOwner(app, db, now, { role: 'chauffeur' });
}

/** Gives a ride to a driver straight in the database (the owner's button is another test's). */
export async function setChauffeur(
  db: Database,
  appointmentId: string,
  chauffeurId: string | null,
): Promise<void> {
  await db.update(appointments).set({ chauffeurId }).where(eq(appointments.id, appointmentId));
}

/** A new signed-in session (second factor passed) for a chauffeur made before, at `now`. */
export async function chauffeurSession(
  app: FastifyInstance,
  db: Database,
  userId: string,
  now: Date,
): Promise<Browser> {
  const token = await createSession(db, userId, now, CHAUFFEUR_SESSION_POLICY, {
    mfaVerifiedAt: now,
  });
  const browser = new Browser(app);
  browser.setSid(token);
  return browser;
}
