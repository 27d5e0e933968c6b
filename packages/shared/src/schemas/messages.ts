import { z } from 'zod';
import { MESSAGE_TEMPLATES } from '../message-routes.ts';
import { MESSAGE_AUDIENCES, MESSAGE_CHANNELS } from '../outbox.ts';

/*
 * The owner's view of the outbox (`/api/admin/messages…`): messages that failed for good, and
 * a retry for each.
 */

/** One failed message, as the console lists it. */
export const FailedMessageSchema = z.object({
  id: z.uuid(),
  channel: z.enum(MESSAGE_CHANNELS),
  audience: z.enum(MESSAGE_AUDIENCES),
  /** `paid`, `reminder_24h`, `cancelled`… (`MESSAGE_ROUTES` names each). */
  template: z.enum(MESSAGE_TEMPLATES),
  /** The email address or phone number it was for. */
  recipient: z.string(),
  appointmentId: z.uuid().nullable(),
  attempts: z.number().int(),
  /** The provider's codes, never its message text. */
  lastError: z.string().nullable(),
  /** ISO 8601: when it failed for the last time. */
  failedAt: z.string(),
});
export type FailedMessage = z.infer<typeof FailedMessageSchema>;

/** `GET /admin/messages`: failed messages, newest first (at most `FAILED_MESSAGES_SHOWN`). */
export const FailedMessagesResponseSchema = z.object({
  success: z.literal(true),
  messages: z.array(FailedMessageSchema),
});
export type FailedMessagesResponse = z.infer<typeof FailedMessagesResponseSchema>;

export const FAILED_MESSAGES_SHOWN = 100;

export const NOT_FOUND_MESSAGE = 'No such message.';
export const NOT_FAILED_MESSAGE = 'This message has not failed: there is nothing to retry.';

/** `POST /admin/messages/:id/retry`. */
export const MessageParamsSchema = z.object({
  id: z.uuid({ error: 'Invalid message id' }),
});

export const RetryMessageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type RetryMessageResponse = z.infer<typeof RetryMessageResponseSchema>;
