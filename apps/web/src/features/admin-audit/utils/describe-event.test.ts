import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@app/shared';
import { ACTION_LABELS, changesOf, shortId } from './describe-event.ts';

describe('describing audit events', () => {
  it('names every action the trail can hold, each differently', () => {
    const labels = AUDIT_ACTIONS.map((action) => ACTION_LABELS[action]);
    expect(labels.every((label) => label.length > 0)).toBe(true);
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
  });

  it('lists only the fields that changed, values as text', () => {
    expect(
      changesOf(
        { email: 'ann@example.com', role: 'customer', seats: 4 },
        { email: 'ann@example.com', role: 'owner', seats: 6 },
      ),
    ).toEqual([
      { field: 'role', from: 'customer', to: 'owner' },
      { field: 'seats', from: '4', to: '6' },
    ]);
  });

  it('shows a field that appeared or went away', () => {
    expect(changesOf(null, { email: 'ann@example.com', role: 'owner' })).toEqual([
      { field: 'email', from: undefined, to: 'ann@example.com' },
      { field: 'role', from: undefined, to: 'owner' },
    ]);
    expect(changesOf({ reason: 'Flat tyre', tags: ['a'] }, {})).toEqual([
      { field: 'reason', from: 'Flat tyre', to: undefined },
      { field: 'tags', from: '["a"]', to: undefined },
    ]);
    expect(changesOf(null, null)).toEqual([]);
  });

  it('shortens an id to its first block', () => {
    expect(shortId('3f2b9c1e-0000-4000-8000-000000000000')).toBe('3f2b9c1e');
  });
});
