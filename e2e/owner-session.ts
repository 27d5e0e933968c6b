import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { expect, type APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { AdminSessionResponseSchema, MfaEnrolResponseSchema } from '@app/shared';
import { ownerLinkPath } from './owners.ts';

const STEP_MS = 30_000;
export const WORKER_OWNER_PASSWORD = 'Owner#Worker2026';

/** What a worker's owner has been through, kept beside the run's data (a restarted worker reads it). */
interface OwnerProgress {
  passwordSet: boolean;
  secret: string | null;
  /** The last time step a code was taken for: the server refuses it and any earlier one again. */
  lastStep: number;
}

async function csrf(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.get('/api/csrf-token');
  expect(response.status(), 'GET /api/csrf-token').toBe(200);
  return { 'x-csrf-token': ((await response.json()) as { csrfToken: string }).csrfToken };
}

async function post(request: APIRequestContext, path: string, data: object): Promise<unknown> {
  const response = await request.post(path, { headers: await csrf(request), data });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(200);
  return response.json();
}

/**
 * A code for a time step after `lastStep`: now's, or the next one's (the server takes a step
 * either side of now); only a restarted worker that used now's already waits for a step.
 */
async function nextCode(secret: string, lastStep: number): Promise<{ code: string; step: number }> {
  while (Math.floor(Date.now() / STEP_MS) + 1 <= lastStep) await delay(1000);
  const step = Math.max(Math.floor(Date.now() / STEP_MS), lastStep + 1);
  const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * STEP_MS });
  return { code, step };
}

/**
 * Signs `request` in as the owner `email` past the second factor, all through the API: sets the
 * password from the command line's link the first time, enrols the authenticator the first
 * time, then enters a code. `progressDir` keeps what was done for a worker started again.
 */
export async function signInOwnerViaApi(
  request: APIRequestContext,
  email: string,
  progressDir: string,
): Promise<void> {
  const file = join(progressDir, `${email}.json`);
  const progress: OwnerProgress = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as OwnerProgress)
    : { passwordSet: false, secret: null, lastStep: 0 };
  const save = () => writeFileSync(file, JSON.stringify(progress));

  if (!progress.passwordSet) {
    const token = ownerLinkPath(email).split('/').pop();
    await post(request, '/api/user/reset-password', { token, newPassword: WORKER_OWNER_PASSWORD });
    progress.passwordSet = true;
    save();
  }
  await post(request, '/api/user/login', { email, password: WORKER_OWNER_PASSWORD });
  const session = AdminSessionResponseSchema.parse(
    await (await request.get('/api/admin/session')).json(),
  );
  if (session.mfa === 'enrol') {
    progress.secret = MfaEnrolResponseSchema.parse(
      await post(request, '/api/admin/mfa/enrol', {}),
    ).secret;
    const { code, step } = await nextCode(progress.secret, progress.lastStep);
    await post(request, '/api/admin/mfa/confirm', { code });
    progress.lastStep = step;
  } else if (session.mfa === 'verify') {
    if (!progress.secret) throw new Error(`${email} has an authenticator this run did not record`);
    const { code, step } = await nextCode(progress.secret, progress.lastStep);
    await post(request, '/api/admin/mfa/verify', { code });
    progress.lastStep = step;
  }
  save();
}
