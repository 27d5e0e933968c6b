import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { emailsOwner, isPushOnlyTemplate, MESSAGE_TEMPLATES } from '@app/shared';

const ROOT_DIR = resolve(import.meta.dirname, '../../../..');
const NODE = resolve(ROOT_DIR, 'node_modules/.bin/node');
const dir = mkdtempSync(join(tmpdir(), 'email-preview-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run email:preview', () => {
  it('writes each email template as .html and .txt, and an index linking them all', async () => {
    const { stdout } = await promisify(execFile)(
      NODE,
      [resolve(ROOT_DIR, 'apps/api/src/cli/email-preview.ts'), dir],
      { cwd: ROOT_DIR },
    );

    // The customer's email for every template (but the staff's push-only notices), the
    // business's for those it gets, the reset.
    const emails = [
      ...MESSAGE_TEMPLATES.filter((template) => !isPushOnlyTemplate(template)).map(
        (template) => `customer-${template}`,
      ),
      ...MESSAGE_TEMPLATES.filter(emailsOwner).map((template) => `owner-${template}`),
      'password-reset',
    ];
    const files = emails.flatMap((name) => [`${name}.html`, `${name}.txt`]);
    expect(readdirSync(dir).sort()).toEqual([...files, 'index.html'].sort());
    expect(stdout).toContain(`${files.length + 1} files in ${dir}`);

    const index = readFileSync(join(dir, 'index.html'), 'utf8');
    for (const file of files) expect(index).toContain(`href="${file}"`);
    // The sample ride's customer is named in every email, in both parts.
    for (const file of files) {
      expect(readFileSync(join(dir, file), 'utf8')).toContain('Jordan Avery');
    }
  });
});
