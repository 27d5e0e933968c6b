import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type * as Argon2 from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { users } from '@app/db';
import { MESSAGES, PASSWORD_TOO_LONG_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE } from '@app/shared';
import { buildApp } from '../../app.ts';
import {
  Browser,
  PASSWORD,
  expectFailure,
  expectSuccess,
  uniqueEmail,
} from '../../test/browser.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { COMMON_PASSWORD_MESSAGE } from '../../lib/common-passwords.ts';
import { DUPLICATE_EMAIL_MESSAGE } from './register-user.ts';

/** argon2 itself, with a count of the hashes it made (how much work a signup did). */
const argon2 = vi.hoisted(() => ({ hashes: 0 }));
vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof Argon2>();
  return {
    ...real,
    hash: (...args: Parameters<typeof real.hash>) => {
      argon2.hashes += 1;
      return real.hash(...args);
    },
  };
});

const REGISTERED = 'Account created successfully. Please log in.';

describe.each(await databaseKinds())('POST /api/user/register on %s', (kind) => {
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

  const storedUsers = (email: string) =>
    database.handle.db.select().from(users).where(eq(users.email, email));

  it('creates the account and answers the success message', async () => {
    const email = uniqueEmail('new');
    const response = await new Browser(app).register({ name: 'Ada Rider', email });
    expectSuccess(response, REGISTERED);
    expect(response.json()).toEqual({ success: true, message: REGISTERED });
    const [row] = await storedUsers(email);
    expect(row).toMatchObject({ name: 'Ada Rider', email, phone: '555-123-4567' });
  });

  it('stores the email trimmed and lower-cased', async () => {
    const email = uniqueEmail('mixed');
    const response = await new Browser(app).register({ email: `  ${email.toUpperCase()} ` });
    expectSuccess(response, REGISTERED);
    expect(await storedUsers(email)).toHaveLength(1);
  });

  it('does the same work for a taken email as for a new one: one password hash each', async () => {
    const email = uniqueEmail('taken');
    let before = argon2.hashes;
    expectSuccess(await new Browser(app).register({ email }), REGISTERED);
    expect(argon2.hashes - before).toBe(1);
    before = argon2.hashes;
    expectFailure(await new Browser(app).register({ email }), 409, DUPLICATE_EMAIL_MESSAGE);
    expect(argon2.hashes - before).toBe(1);
  });

  it('refuses a password from the common-passwords list, whatever its case', async () => {
    for (const common of ['password1', 'Sunshine', 'iloveyou', '12345678', 'P@ssw0rd']) {
      const email = uniqueEmail('common');
      expectFailure(
        await new Browser(app).register({ email, password: common }),
        400,
        COMMON_PASSWORD_MESSAGE,
      );
      expect(await storedUsers(email)).toHaveLength(0);
    }
  });

  it('stores the password as an argon2id hash, never the password itself', async () => {
    const email = uniqueEmail('hash');
    expectSuccess(await new Browser(app).register({ email }));
    const [row] = await storedUsers(email);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
  });

  it('asks for every field first: All fields are required', async () => {
    const browser = new Browser(app);
    const email = uniqueEmail();
    const cases = [
      {},
      { name: '', email, password: PASSWORD, phone: '5551234567' },
      { name: '   ', email, password: PASSWORD, phone: '5551234567' },
      { name: 'A', email: '', password: PASSWORD, phone: '5551234567' },
      { name: 'A', email, password: '', phone: '5551234567' },
      { name: 'A', email, password: PASSWORD, phone: '' },
      { name: 'A', email, password: PASSWORD },
      // Required comes before the phone and email formats.
      { name: '', email: 'not-an-email', password: 'x', phone: '12' },
    ];
    for (const body of cases) {
      expectFailure(
        await browser.post('/api/user/register', body),
        400,
        MESSAGES.allFieldsRequired,
      );
    }
    expect(await storedUsers(email)).toHaveLength(0);
  });

  it('checks the phone format next: Please enter a valid phone number.', async () => {
    const browser = new Browser(app);
    for (const phone of [
      '555123456',
      '55512345678',
      '(555) 123-4567',
      '555-1234-567',
      'abcdefghij',
    ]) {
      // The email is invalid too: the phone is reported first, as the product orders.
      const response = await browser.register({ email: 'not-an-email', phone });
      expectFailure(response, 400, MESSAGES.invalidPhone);
    }
  });

  it('accepts 10 digits or 3-3-4 digits with hyphens', async () => {
    const browser = new Browser(app);
    expectSuccess(await browser.register({ email: uniqueEmail(), phone: '5551234567' }));
    expectSuccess(await browser.register({ email: uniqueEmail(), phone: '555-123-4567' }));
  });

  it('checks the email format last: Please enter a valid email', async () => {
    const browser = new Browser(app);
    for (const email of ['plain', 'a@b', 'a b@example.com', '@example.com', 'a@.']) {
      expectFailure(await browser.register({ email }), 400, MESSAGES.invalidEmail);
    }
  });

  it('refuses a password under 8 characters with a clear message', async () => {
    const email = uniqueEmail();
    const response = await new Browser(app).register({ email, password: 'Ab1!xyz' });
    expectFailure(response, 400, PASSWORD_TOO_SHORT_MESSAGE);
    expect(PASSWORD_TOO_SHORT_MESSAGE).toMatch(/at least 8 characters/);
    expect(await storedUsers(email)).toHaveLength(0);
    expectSuccess(await new Browser(app).register({ email, password: 'Ab1!xyzw' }));
  });

  it('refuses an overlong password before hashing it', async () => {
    const response = await new Browser(app).register({
      email: uniqueEmail(),
      password: 'x'.repeat(129),
    });
    expectFailure(response, 400, PASSWORD_TOO_LONG_MESSAGE);
  });

  it('refuses a second account for an email with 409, whatever its case or spacing', async () => {
    const email = uniqueEmail('dup');
    const browser = new Browser(app);
    expectSuccess(await browser.register({ email }));
    for (const again of [email, email.toUpperCase(), `  ${email}  `, ` ${email.toUpperCase()}\t`]) {
      expectFailure(await browser.register({ email: again }), 409, DUPLICATE_EMAIL_MESSAGE);
    }
    expect(DUPLICATE_EMAIL_MESSAGE).toMatch(/already exists/);
    expect(await storedUsers(email)).toHaveLength(1);
  });

  it('lets exactly one of two concurrent signups for one email succeed', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all([
      new Browser(app).register({ email, name: 'First' }),
      new Browser(app).register({ email: email.toUpperCase(), name: 'Second' }),
      new Browser(app).register({ email: ` ${email}`, name: 'Third' }),
    ]);
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const loser of responses.filter((r) => r.statusCode === 409)) {
      expectFailure(loser, 409, DUPLICATE_EMAIL_MESSAGE);
    }
    expect(await storedUsers(email)).toHaveLength(1);
  });

  it('does not sign the new account in', async () => {
    const browser = new Browser(app);
    expectSuccess(await browser.register({ email: uniqueEmail() }));
    expect(await browser.profile()).toBeNull();
  });
});
