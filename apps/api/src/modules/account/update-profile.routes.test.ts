import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@app/shared';
import { buildApp } from '../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { Browser, expectFailure, expectSuccess, uniqueEmail } from '../../test/browser.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';

const UPDATED = 'Profile updated successfully';
const INVALID_DOB = 'Please enter a valid date of birth.';
const INVALID_GENDER = 'Please choose a gender from the list.';

const PROFILE = {
  name: 'Uma Update',
  address: '12 Elm St, Norfolk, MA 02056',
  phone: '555-987-6543',
  gender: 'Female',
  dob: '1988-02-29',
};

/** A date `days` from today (UTC), as YYYY-MM-DD. */
const isoDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(await databaseKinds())('POST /api/user/update-profile on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind, { seed: false });
    app = await buildApp({ config: testConfig(), db: database.handle });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const signedIn = async () => {
    const browser = new Browser(app);
    const email = await browser.signUpAndIn(uniqueEmail('profile'));
    return { browser, email };
  };
  const update = (browser: Browser, body: Record<string, unknown>) =>
    browser.post('/api/user/update-profile', body);

  it('updates every editable field and the profile shows them', async () => {
    const { browser, email } = await signedIn();
    expectSuccess(await update(browser, PROFILE), UPDATED);
    expect(await browser.profile()).toEqual({ ...PROFILE, email });
  });

  it('trims the text fields', async () => {
    const { browser, email } = await signedIn();
    const padded = { ...PROFILE, name: '  Uma  ', address: ' 12 Elm St ', phone: ' 5559876543 ' };
    expectSuccess(await update(browser, padded), UPDATED);
    expect(await browser.profile()).toMatchObject({
      email,
      name: 'Uma',
      address: '12 Elm St',
      phone: '5559876543',
    });
  });

  it('requires sign-in: a visitor gets 401', async () => {
    expectFailure(await update(new Browser(app), PROFILE), 401, NOT_SIGNED_IN_MESSAGE);
  });

  it('requires every field: All fields are required', async () => {
    const { browser } = await signedIn();
    for (const field of ['name', 'address', 'phone', 'dob'] as const) {
      for (const value of [undefined, '', '   ']) {
        // undefined is left out of the JSON: the field is missing.
        const body: Record<string, unknown> = { ...PROFILE, [field]: value };
        expectFailure(await update(browser, body), 400, MESSAGES.allFieldsRequired);
      }
    }
    expectFailure(await update(browser, {}), 400, MESSAGES.allFieldsRequired);
  });

  it('checks the phone format', async () => {
    const { browser } = await signedIn();
    for (const phone of ['123', '555 987 6543', '(555) 987-6543', '5559876543x', '555-9876-543']) {
      expectFailure(await update(browser, { ...PROFILE, phone }), 400, MESSAGES.invalidPhone);
    }
  });

  it('accepts only Not Selected, Male or Female as gender', async () => {
    const { browser } = await signedIn();
    for (const gender of ['Other', 'male', 'Not selected']) {
      expectFailure(await update(browser, { ...PROFILE, gender }), 400, INVALID_GENDER);
    }
    // Missing comes first, in the product's order: a blank or absent gender is a missing field.
    for (const gender of ['', ' ', 1, null]) {
      expectFailure(await update(browser, { ...PROFILE, gender }), 400, MESSAGES.allFieldsRequired);
    }
    for (const gender of ['Not Selected', 'Male', 'Female']) {
      expectSuccess(await update(browser, { ...PROFILE, gender }), UPDATED);
      expect(await browser.profile()).toMatchObject({ gender });
    }
  });

  it('requires a real date of birth in the past', async () => {
    const { browser } = await signedIn();
    for (const dob of [
      '1990-02-30',
      '1990-13-01',
      '2001-02-29',
      '05/04/1990',
      '1990-4-5',
      'yesterday',
      isoDay(1),
      isoDay(400),
      '1899-12-31',
    ]) {
      expectFailure(await update(browser, { ...PROFILE, dob }), 400, INVALID_DOB);
    }
    expectSuccess(await update(browser, { ...PROFILE, dob: isoDay(-1) }), UPDATED);
    expect(await browser.profile()).toMatchObject({ dob: isoDay(-1) });
  });

  it('does not change the email, even when one is sent', async () => {
    const { browser, email } = await signedIn();
    const other = uniqueEmail('takeover');
    expectSuccess(await update(browser, { ...PROFILE, email: other }), UPDATED);
    expect(await browser.profile()).toMatchObject({ email });
    expectSuccess(await new Browser(app).login(email));
  });

  it('changes only the signed-in user’s own profile', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const bobBefore = await bob.browser.profile();
    // Whatever identifiers are sent, the session decides whose profile changes.
    const body = {
      ...PROFILE,
      name: 'Alice New',
      email: bob.email,
      userId: 'someone-else',
      id: 'x',
    };
    expectSuccess(await update(alice.browser, body), UPDATED);
    expect(await alice.browser.profile()).toMatchObject({ email: alice.email, name: 'Alice New' });
    expect(await bob.browser.profile()).toEqual(bobBefore);
  });

  it('leaves the profile unchanged after a refused update', async () => {
    const { browser } = await signedIn();
    expectSuccess(await update(browser, PROFILE), UPDATED);
    expectFailure(
      await update(browser, { ...PROFILE, name: 'Changed', phone: 'bad' }),
      400,
      MESSAGES.invalidPhone,
    );
    expect(await browser.profile()).toMatchObject({ name: PROFILE.name });
  });
});
