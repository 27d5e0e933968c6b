import { describe, expect, it } from 'vitest';
import { averageStars, firstNameOf, reviewByline } from './reviews.ts';
import { ReviewRequestSchema } from './schemas/reviews.ts';

describe('reviews', () => {
  it('names the reviewer by first name and the month in New York', () => {
    // 3 AM on December 1 in London is still November 30 in New York.
    expect(reviewByline('Ann', '2026-12-01T03:00:00Z')).toBe('Ann · November 2026');
    expect(firstNameOf('  Ann  Marie Smith ')).toBe('Ann');
    expect(firstNameOf('')).toBe('Customer');
  });

  it('averages to one decimal, none without reviews', () => {
    expect(averageStars(14, 3)).toBe(4.7);
    expect(averageStars(0, 0)).toBeNull();
  });

  it('keeps each tag once, in the list’s order, and trims the words', () => {
    expect(
      ReviewRequestSchema.parse({
        stars: 3,
        text: ' ok ',
        tags: ['Good value', 'On time', 'On time'],
      }),
    ).toEqual({ stars: 3, text: 'ok', tags: ['On time', 'Good value'] });
  });
});
