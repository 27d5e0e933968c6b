import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPushOnlyTemplate, MESSAGE_ROUTES, MESSAGE_TEMPLATES } from '@app/shared';

const PRODUCT = resolve(import.meta.dirname, '../../../../../docs/product.md');

/** The rows of product.md's messages table: its cells, trimmed, by template. */
function messagesTable(): Map<string, string[]> {
  const text = readFileSync(PRODUCT, 'utf8');
  const section = text.slice(text.indexOf('\n## Messages\n'), text.indexOf('\n## The console\n'));
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  return new Map(rows.map((cells) => [cells[0]?.replaceAll('`', '') ?? '', cells.slice(1)]));
}

describe("docs/product.md's messages table", () => {
  it('says MESSAGE_ROUTES: every template, its label, to whom and by which channel', () => {
    const table = messagesTable();
    expect([...table.keys()]).toEqual(MESSAGE_TEMPLATES);
    for (const template of MESSAGE_TEMPLATES) {
      const route = MESSAGE_ROUTES[template];
      const [label, customer, business, staff] = table.get(template) ?? [];
      expect({ template, label, customer, business, staff }).toEqual({
        template,
        label: route.label,
        customer: isPushOnlyTemplate(template) ? '—' : route.text ? 'email and text' : 'email',
        business: route.ownerEmail ? 'email' : '—',
        staff: route.push === 'chauffeur' ? 'the chauffeur' : route.push || '—',
      });
    }
  });
});
