import type { OwnerFeedbackItem } from '@app/shared';

/** How each mood reads in the console. */
export const MOOD_LABELS: Record<NonNullable<OwnerFeedbackItem['mood']>, string> = {
  happy: 'Happy',
  neutral: 'Neutral',
  sad: 'Sad',
};
