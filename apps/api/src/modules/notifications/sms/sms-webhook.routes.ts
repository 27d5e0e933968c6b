import type { FastifyInstance } from 'fastify';
import twilio from 'twilio';
import { smsOptOuts, type Database } from '@app/db';
import { eq } from 'drizzle-orm';
import type { Business } from '@app/shared';
import { AppError } from '../../../errors.ts';

/** Twilio's standard keywords (case and spacing ignored), as its Advanced Opt-Out reads them. */
const STOP_WORDS = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
]);
const START_WORDS = new Set(['START', 'YES', 'UNSTOP']);
const HELP_WORDS = new Set(['HELP', 'INFO']);

export const FORGED_WEBHOOK_MESSAGE = 'This request is not signed by Twilio.';

/**
 * Texts to the business's number, as Twilio forwards them: STOP (and its synonyms) opts the
 * number out of every text until START; HELP is answered with who we are. Verified by Twilio's
 * request signature (`X-Twilio-Signature`, HMAC-SHA1 of the public URL and the form fields with
 * the auth token), so it needs no session or CSRF token; a forged request is refused with 403.
 */
export async function registerSmsWebhook(
  app: FastifyInstance,
  deps: {
    db: Database;
    authToken: string;
    publicBaseUrl: string;
    business: Business;
    now: () => Date;
  },
): Promise<void> {
  const path = '/api/sms/inbound';
  // The URL Twilio signed: the public one, whatever proxy the request came through.
  const signedUrl = `${deps.publicBaseUrl}${path}`;
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.post(path, { config: { csrf: false } }, async (request, reply) => {
      const params = (request.body ?? {}) as Record<string, string>;
      const signature = request.headers['x-twilio-signature'];
      if (
        typeof signature !== 'string' ||
        !twilio.validateRequest(deps.authToken, signature, signedUrl, params)
      )
        throw AppError.forbidden(FORGED_WEBHOOK_MESSAGE);
      const from = params.From ?? '';
      const word = (params.Body ?? '')
        .trim()
        .toUpperCase()
        .replace(/[^A-Z]/g, '');
      const answer = new twilio.twiml.MessagingResponse();
      if (/^\+[1-9]\d{6,14}$/.test(from)) {
        if (STOP_WORDS.has(word)) {
          await deps.db
            .insert(smsOptOuts)
            .values({ phone: from, optedOutAt: deps.now() })
            .onConflictDoUpdate({ target: smsOptOuts.phone, set: { optedOutAt: deps.now() } });
        } else if (START_WORDS.has(word)) {
          await deps.db.delete(smsOptOuts).where(eq(smsOptOuts.phone, from));
        } else if (HELP_WORDS.has(word)) {
          answer.message(
            `${deps.business.name}: ride updates. Call ${deps.business.phone} or write to ${deps.business.email}. Reply STOP to opt out.`,
          );
        }
      }
      // Twilio itself confirms STOP and START to the sender; HELP gets our answer above.
      return reply.type('text/xml').send(answer.toString());
    });
  });
}
