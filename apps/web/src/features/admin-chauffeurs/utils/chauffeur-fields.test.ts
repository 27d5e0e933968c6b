import { describe, expect, it } from 'vitest';
import { AddChauffeurSchema, MESSAGES } from '@app/shared';
import { fieldOf, fieldProblems, telHref } from './chauffeur-fields.ts';

const DANA = { name: 'Dana Driver', email: 'dana@example.com', phone: '617-555-0142' };

describe('fieldProblems', () => {
  it('finds nothing in what the server takes', () => {
    expect(fieldProblems(DANA)).toEqual({});
    expect(AddChauffeurSchema.safeParse(DANA).success).toBe(true);
  });

  it('says every field’s problem at once, where the schema stops at its first', () => {
    const draft = { name: ' ', email: 'dana@', phone: '555-0142' };
    expect(AddChauffeurSchema.safeParse(draft).error?.issues.map((i) => i.message)).toEqual([
      MESSAGES.allFieldsRequired,
    ]);
    expect(fieldProblems(draft)).toEqual({
      name: MESSAGES.allFieldsRequired,
      email: MESSAGES.invalidEmail,
      phone: MESSAGES.invalidPhone,
    });
  });

  it('uses the schema’s own limits', () => {
    expect(fieldProblems({ ...DANA, name: 'x'.repeat(101) })).toEqual({
      name: 'Name must be at most 100 characters.',
    });
    expect(fieldProblems({ ...DANA, phone: '6175550142' })).toEqual({});
  });
});

describe('fieldOf', () => {
  it('puts the server’s field messages at their field, and nothing else', () => {
    expect(fieldOf(MESSAGES.invalidEmail, DANA)).toBe('email');
    expect(fieldOf(MESSAGES.invalidPhone, DANA)).toBe('phone');
    expect(fieldOf(MESSAGES.allFieldsRequired, { ...DANA, phone: '' })).toBe('phone');
    expect(fieldOf('This account is an owner: an owner cannot be a chauffeur.', DANA)).toBe(
      undefined,
    );
  });
});

describe('telHref', () => {
  it('dials a US number with its country code', () => {
    expect(telHref('617-555-0142')).toBe('tel:+16175550142');
    expect(telHref('6175550142')).toBe('tel:+16175550142');
  });
});
