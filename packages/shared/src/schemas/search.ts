import { z } from 'zod';
import { LENGTH_MESSAGE } from '../booking-length.ts';
import { parseSearchLength, SEARCH_MESSAGES } from '../car-search.ts';
import { MESSAGES } from '../messages.ts';
import { parseSlotDateKey, parseSlotTime } from '../slots.ts';

const count = (min: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(60, message);

/** `GET /api/service/search`: a start, a length and a party; what the "When?" form sends. */
export const CarSearchQuerySchema = z.object({
  date: z
    .string({ error: MESSAGES.selectDateTime })
    .refine((v) => parseSlotDateKey(v) !== null, MESSAGES.selectDateTime),
  time: z
    .string({ error: MESSAGES.selectDateTime })
    .refine((v) => parseSlotTime(v) !== null, MESSAGES.selectDateTime),
  length: z
    .string({ error: LENGTH_MESSAGE })
    .refine((v) => parseSearchLength(v) !== null, LENGTH_MESSAGE),
  passengers: count(1, SEARCH_MESSAGES.passengers).default(1),
  bags: count(0, SEARCH_MESSAGES.bags).default(0),
});

const SlotRefSchema = z.object({ slotDate: z.string(), slotTime: z.string() });

/** The cars free for the whole stretch (smallest first), and the busy ones' nearest starts. */
export const CarSearchResponseSchema = z.object({
  success: z.literal(true),
  free: z.array(z.object({ _id: z.string() })),
  busy: z.array(
    z.object({
      _id: z.string(),
      before: SlotRefSchema.nullable(),
      after: SlotRefSchema.nullable(),
    }),
  ),
});
export type CarSearchResponse = z.infer<typeof CarSearchResponseSchema>;
