import { describe, expect, it } from 'vitest';
import { appendPage, shownAnswer, type Answer } from './use-load.ts';

const answer = (change: Partial<Answer<string>>): Answer<string> => ({
  key: '["a"]',
  attempt: 0,
  data: 'first',
  failure: undefined,
  error: undefined,
  ...change,
});

describe('shownAnswer', () => {
  it('is loading, with nothing, until the first answer', () => {
    expect(shownAnswer(undefined, '["a"]', 0)).toEqual({
      data: undefined,
      failure: undefined,
      error: undefined,
      loading: true,
    });
  });

  it('shows the answer to these inputs at this try', () => {
    expect(shownAnswer(answer({}), '["a"]', 0)).toMatchObject({ data: 'first', loading: false });
  });

  it('keeps the answer, and its failure, while the same inputs are asked again', () => {
    const failed = answer({ failure: 'Could not load.', error: new Error('down') });
    expect(shownAnswer(failed, '["a"]', 1)).toMatchObject({
      data: 'first',
      failure: 'Could not load.',
      loading: true,
    });
  });

  it("never shows another input's answer: new inputs start empty", () => {
    const shown = shownAnswer(answer({ failure: 'Could not load.' }), '["b"]', 0);
    expect(shown).toEqual({ data: undefined, failure: undefined, error: undefined, loading: true });
  });
});

describe('appendPage', () => {
  it('puts the next page after the ones before, with its own cursor and count', () => {
    const pages = { items: [1, 2], nextBefore: 'b2', total: 5 };
    expect(appendPage(pages, { items: [3, 4], nextBefore: 'b4', total: 6 })).toEqual({
      items: [1, 2, 3, 4],
      nextBefore: 'b4',
      total: 6,
    });
    expect(appendPage(pages, { items: [5], nextBefore: null })).toEqual({
      items: [1, 2, 5],
      nextBefore: null,
    });
  });
});
