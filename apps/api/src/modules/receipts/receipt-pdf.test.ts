import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { formatReceiptAmount, formatReceiptCard, type Receipt } from '@app/shared';
import { renderReceiptPdf } from './receipt-pdf.ts';
import { SAMPLE_RECEIPT } from './sample-receipt.ts';

/** A piece of text the page draws, where its baseline starts (PDF points), in which font. */
interface Drawn {
  text: string;
  x: number;
  size: number;
  font: string;
}

/**
 * The text of an uncompressed pdfkit page: each `Tm`, `Tf` and `TJ` of a text object, its hex
 * strings (WinAnsi bytes) decoded and joined, kerning left out. Enough to read what pdfkit
 * writes; not a general PDF reader.
 */
function drawnText(pdf: Buffer): Drawn[] {
  const source = pdf.toString('latin1');
  // The page's font resources (`/F1 9 0 R`) and the font objects they point at.
  const baseFonts = new Map<string, string>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*<<\s*\/Type \/Font\s*\/BaseFont \/([\w-]+)/g))
    baseFonts.set(match[1] ?? '', match[2] ?? '');
  const fonts = new Map<string, string>();
  for (const match of source.matchAll(/\/(F\d+) (\d+) 0 R/g))
    fonts.set(match[1] ?? '', baseFonts.get(match[2] ?? '') ?? '');
  const pieces: Drawn[] = [];
  const textObject =
    /1 0 0 1 ([\d.-]+) ([\d.-]+) Tm\s*\/(F\d+) ([\d.]+) Tf\s*\[((?:<[0-9a-f]*>|\s|-?[\d.]+)*)\] TJ/g;
  for (const match of source.matchAll(textObject)) {
    const hex = [...(match[5] ?? '').matchAll(/<([0-9a-f]*)>/g)].map((m) => m[1]).join('');
    pieces.push({
      text: Buffer.from(hex, 'hex').toString('latin1'),
      x: Number(match[1]),
      size: Number(match[4]),
      font: fonts.get(match[3] ?? '') ?? '',
    });
  }
  return pieces;
}

const plain = (receipt: Receipt) => renderReceiptPdf(receipt, { compress: false });
const texts = async (receipt: Receipt) => drawnText(await plain(receipt)).map((d) => d.text);

/** Pages by their page objects, and the page tree's count. */
function pageCount(pdf: Buffer): { objects: number; count: number } {
  const source = pdf.toString('latin1');
  return {
    objects: (source.match(/\/Type \/Page\b(?!s)/g) ?? []).length,
    count: Number(/\/Type \/Pages\s*\/Count (\d+)/.exec(source)?.[1] ?? NaN),
  };
}

const widthOf = (() => {
  const doc = new PDFDocument();
  return (text: string, font: string, size: number) =>
    doc.font(font).fontSize(size).widthOfString(text);
})();

describe('renderReceiptPdf', () => {
  it('is one Letter page of PDF, compressed by default', async () => {
    const pdf = await renderReceiptPdf(SAMPLE_RECEIPT);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
    expect(pageCount(pdf)).toEqual({ objects: 1, count: 1 });
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 612 792\]/);
    expect(pdf.toString('latin1')).toMatch(/\/Filter \/FlateDecode/);
    // Helvetica named, nothing embedded: no font file ships with the receipt.
    expect(pdf.toString('latin1')).not.toMatch(/\/FontFile/);
  });

  it('prints the business, the reference, the customer, each leg, line, amount and the card', async () => {
    const drawn = await texts(SAMPLE_RECEIPT);
    const { business, customer } = SAMPLE_RECEIPT;
    for (const expected of [
      business.name,
      '40 Main Street, Norfolk, MA 02056',
      business.phone,
      business.email,
      'Receipt',
      'Booking reference 3F9A-1C2B',
      // 14:05 UTC on November 28 is 9:05 AM in New York.
      'Issued November 28, 2026, 9:05 AM',
      customer.name,
      customer.email,
      'Billed to',
      'Harbor Analytics LLC',
      '100 Federal Street, Floor 12',
      'Boston, MA 02110',
      'Ride: November 27, 2026, 9:30 AM',
      'Return ride: November 27, 2026, 6:00 PM',
      'From 12 Union Street, Norwood, MA 02062',
      'To Boston Logan International Airport, Terminal B',
      'Subtotal',
      '$454.50',
      'Deposit paid when booked',
      '$36.00',
      'Balance paid after the ride',
      '$418.50',
      'Tip',
      '$70.00',
      'Refund: parking charged twice (November 28, 2026, 10:20 AM)',
      '-$18.00',
      'Total paid',
      '$506.50',
      'Paid with Visa ending in 4242',
    ])
      expect(drawn).toContain(expected);
    // The licence may wrap: its words are all there, in order.
    expect(drawn.join(' ')).toContain(business.licence);
    // The statement names the licence itself: no label before it repeats the word.
    expect(drawn.join(' ')).not.toMatch(/Licen[cs]e\s+Licensed/);
    for (const line of SAMPLE_RECEIPT.lines) {
      expect(drawn).toContain(line.label);
      expect(drawn).toContain(formatReceiptAmount(line.amountCents));
    }
    expect(drawn).toContain('-$20.00');
  });

  it('right-aligns every amount against the margin', async () => {
    const amounts = drawnText(await plain(SAMPLE_RECEIPT)).filter((d) =>
      /^-?\$[\d.]+$/.test(d.text),
    );
    expect(amounts).toHaveLength(SAMPLE_RECEIPT.lines.length + 6);
    for (const amount of amounts)
      expect(amount.x + widthOf(amount.text, amount.font, amount.size)).toBeCloseTo(612 - 54, 2);
  });

  it('has no "Billed to" when the customer gave no company or address, nor a card line without a card', async () => {
    const receipt: Receipt = {
      ...SAMPLE_RECEIPT,
      customer: { ...SAMPLE_RECEIPT.customer, company: null, billingAddress: null },
      card: null,
    };
    const drawn = await texts(receipt);
    expect(drawn).not.toContain('Billed to');
    expect(drawn).not.toContain('Harbor Analytics LLC');
    expect(drawn.join('\n')).not.toMatch(/Paid with|4242/);
    expect(drawn).toContain(receipt.customer.name);
  });

  it('bills an address alone, and an empty company counts as none', async () => {
    const drawn = await texts({
      ...SAMPLE_RECEIPT,
      customer: {
        ...SAMPLE_RECEIPT.customer,
        company: '  ',
        billingAddress: 'PO Box 7, Dedham, MA 02026',
      },
    });
    expect(drawn).toContain('Billed to');
    expect(drawn).toContain('PO Box 7, Dedham, MA 02026');
  });

  it('gives the same bytes for the same receipt, dated by its issue', async () => {
    const [first, second] = await Promise.all([
      renderReceiptPdf(SAMPLE_RECEIPT),
      renderReceiptPdf(SAMPLE_RECEIPT),
    ]);
    expect(first.equals(second)).toBe(true);
    expect(first.toString('latin1')).toContain('(D:20261128140500Z)');
    const later = await renderReceiptPdf({
      ...SAMPLE_RECEIPT,
      issuedAt: '2026-11-29T14:05:00.000Z',
    });
    expect(later.equals(first)).toBe(false);
  });

  it('prints what Helvetica lacks as the nearest letter Helvetica has', async () => {
    const drawn = await texts({
      ...SAMPLE_RECEIPT,
      customer: { ...SAMPLE_RECEIPT.customer, name: 'Łukasz Żółć', company: 'Café Ağa 🚗' },
    });
    expect(drawn).toContain('Lukasz Zólc');
    expect(drawn).toContain('Café Aga ?');
  });

  it('keeps a long bill on one page', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => ({
      label: `Extra stop ${i + 1}, 15 minutes`,
      amountCents: 1_500,
    }));
    const refunds = Array.from({ length: 2 }, (_, i) => ({
      label: `Refund ${i + 1}`,
      amountCents: 500,
      at: '2026-11-28T15:20:00.000Z',
    }));
    const pdf = await renderReceiptPdf({ ...SAMPLE_RECEIPT, lines, refunds });
    expect(pageCount(pdf)).toEqual({ objects: 1, count: 1 });
  });

  it('names the card by its brand, an unknown brand as given', () => {
    expect(formatReceiptCard({ brand: 'amex', last4: '0005' })).toBe(
      'American Express ending in 0005',
    );
    expect(formatReceiptCard({ brand: 'link', last4: '1234' })).toBe('link ending in 1234');
  });
});
