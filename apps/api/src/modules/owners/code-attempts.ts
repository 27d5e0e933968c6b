import type { Database } from '@app/db';
import { MESSAGES } from '@app/shared';
import type { Config, RateLimit } from '../../config/env.ts';
import { AppError } from '../../errors.ts';
import { rateLimitKeys, type Limiter } from '../../plugins/rate-limit.ts';
import { ownerActor, recordAudit } from '../audit/record-audit.ts';
import { recordMfaFailedNotice } from './mfa-failed-notice.ts';

/** What a code was typed as: the authenticator app's, or one of the recovery codes. */
export type MfaKind = 'authenticator' | 'recovery code';

export interface CodeAttempt {
  userId: string;
  sessionId: string;
  ip: string;
  factor: MfaKind;
  /** Confirming a new authenticator, or passing the second factor. */
  step: 'confirm' | 'verify';
}

export type CodeLimits = Pick<Config['rateLimits'], 'mfaPerSession' | 'mfaPerUser' | 'mfaPerIp'>;

/** Runs a code check within the budgets of wrong codes; see `codeAttempts`. */
export type CheckCode = <T>(attempt: CodeAttempt, check: () => Promise<T>) => Promise<T>;

/**
 * The budgets of wrong second-factor codes, built so that someone who has the password can
 * neither guess the code nor lock the owner out with wrong ones (docs/security.md, V6.3.1):
 *
 * - each session: `mfaPerSession` wrong codes (5), then it may try no more: signing in again
 *   costs a password sign-in, itself limited;
 * - each address: `mfaPerIp` wrong codes (20 in 15 minutes), across accounts;
 * - each account: `mfaPerUser` wrong codes (5 in 15 minutes), a ceiling met only by a session
 *   that has itself got a code wrong, or that comes from an address that has for this account
 *   within `mfaPerSession`'s window (12 hours). The owner's new sign-in from elsewhere always
 *   gets its own tries, whatever an attacker spent; past the ceiling an attacker gets one guess
 *   per address in 12 hours, each after a password sign-in.
 *
 * Recovery codes (120 random bits: not guessable) have counts of their own, per session and per
 * address, and no account ceiling: authenticator failures never lock them. A refusal (400) of
 * the check counts and is written to the audit trail; nothing is reset by a good code, so the
 * owner's own sign-in never gives an attacker a fresh count. A wrong code at sign-in (not while
 * setting up an authenticator) also emails the account's holder, at most once per 15 minutes.
 */
export function codeAttempts(deps: {
  db: Database;
  limiter: Limiter;
  limits: CodeLimits;
  now: () => Date;
}): CheckCode {
  const { db, limiter, limits } = deps;
  const refused = MESSAGES.tooManyLoginAttempts;

  return async (attempt, check) => {
    const { userId, sessionId, ip } = attempt;
    const counters: [string, RateLimit][] =
      attempt.factor === 'authenticator'
        ? [
            [rateLimitKeys.mfaBySession(sessionId), limits.mfaPerSession],
            [rateLimitKeys.mfaByIp(ip), limits.mfaPerIp],
          ]
        : [
            [rateLimitKeys.recoveryBySession(sessionId), limits.mfaPerSession],
            [rateLimitKeys.recoveryByIp(ip), limits.mfaPerIp],
          ];
    const account = rateLimitKeys.mfaByUser(userId);
    const accountAtAddress = rateLimitKeys.mfaByUserAtIp(userId, ip);
    for (const [key, limit] of counters) await limiter.check(key, limit, refused);
    if (attempt.factor === 'authenticator') {
      const [sessionFailed, addressFailed] = await Promise.all([
        limiter.count(rateLimitKeys.mfaBySession(sessionId)),
        limiter.count(accountAtAddress),
      ]);
      if (sessionFailed > 0 || addressFailed > 0) {
        await limiter.check(account, limits.mfaPerUser, refused);
      }
    }

    try {
      return await check();
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'BAD_REQUEST') throw error;
      if (attempt.factor === 'authenticator') {
        // The address stays marked for this account as long as a session's count lasts.
        counters.push([account, limits.mfaPerUser], [accountAtAddress, limits.mfaPerSession]);
      }
      await Promise.all(counters.map(([key, limit]) => limiter.record(key, limit)));
      const actor = await ownerActor(db, userId);
      const at = deps.now();
      await db.transaction(async (tx) => {
        await recordAudit(tx, {
          actor,
          action: 'mfa.code_refused',
          at,
          after: { factor: attempt.factor, step: attempt.step },
        });
        if (attempt.step === 'verify') await recordMfaFailedNotice(tx, userId, at);
      });
      throw error;
    }
  };
}
