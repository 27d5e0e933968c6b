import { z } from 'zod';

/** One signed-in browser of the user, as `GET /user/sessions` lists it. */
export const UserSessionSchema = z.object({
  /** Opaque: names the session for ending it, and is nothing else. */
  id: z.uuid(),
  /** `Chrome on Windows`, from the browser's User-Agent at sign-in. */
  device: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof UserSessionSchema>;

/** Live sessions, the one used last first. */
export const UserSessionsResponseSchema = z.object({
  success: z.literal(true),
  sessions: z.array(UserSessionSchema),
});
export type UserSessionsResponse = z.infer<typeof UserSessionsResponseSchema>;

/** `POST /user/sessions/revoke`. */
export const RevokeSessionSchema = z.object({
  id: z.uuid({ message: 'Invalid session id' }),
});
export type RevokeSessionRequest = z.input<typeof RevokeSessionSchema>;

/** `POST /user/sessions/revoke-others`: how many sessions ended. */
export const RevokeOtherSessionsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ended: z.number().int().min(0),
});
export type RevokeOtherSessionsResponse = z.infer<typeof RevokeOtherSessionsResponseSchema>;
