import { describe, expect, it } from 'vitest';
import { createToastGroups } from './toast-groups.ts';

describe('toast groups', () => {
  it('a success of a form clears that form’s errors, not another form’s', () => {
    const groups = createToastGroups<number>();
    expect(groups.add('profile', 'error', 1)).toEqual([]);
    expect(groups.add('feedback', 'error', 2)).toEqual([]);
    expect(groups.add('profile', 'success', 3)).toEqual([1]);
    // The success is not an error: nothing of the profile's is left to clear.
    expect(groups.add('profile', 'success', 4)).toEqual([]);
    expect(groups.add('feedback', 'success', 5)).toEqual([2]);
  });

  it('a newer error or warning of a form replaces its earlier one', () => {
    const groups = createToastGroups<number>();
    groups.add('booking', 'warning', 1);
    expect(groups.add('booking', 'error', 2)).toEqual([1]);
    expect(groups.add('booking', 'error', 3)).toEqual([2]);
  });

  it('forgets a toast once it closed', () => {
    const groups = createToastGroups<number>();
    groups.add('booking', 'error', 1);
    groups.closed(1);
    expect(groups.add('booking', 'success', 2)).toEqual([]);
  });
});
