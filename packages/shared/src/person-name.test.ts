import { describe, expect, it } from 'vitest';
import { firstName } from './person-name.ts';

describe('firstName', () => {
  it('is the first word of the name, whatever the spaces around and between', () => {
    expect(firstName('Ann Rider')).toBe('Ann');
    expect(firstName('  Ann \t Marie  Rider ')).toBe('Ann');
    expect(firstName('Cher')).toBe('Cher');
    expect(firstName('Zoë-Anne O’Brien')).toBe('Zoë-Anne');
  });

  it('is empty for a blank name', () => {
    expect(firstName('')).toBe('');
    expect(firstName('   ')).toBe('');
  });
});
