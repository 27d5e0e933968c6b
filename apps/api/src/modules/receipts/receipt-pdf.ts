import {
  formatReceiptAmount,
  formatReceiptBusinessAddress,
  formatReceiptCard,
  formatReceiptInstant,
  formatReceiptLegWhen,
  receiptBilledTo,
  type Receipt,
} from '@app/shared';
import { toWinAnsi } from './win-ansi.ts';

/*
 * A receipt as one Letter page (a US business), drawn with pdfkit in the PDF's standard
 * Helvetica: no font file to ship, and text a reader can search and copy (ADR 023). Everything
 * it prints comes from the `Receipt` as given; this file only lays it out.
 */

const PAGE = { width: 612, height: 792 };
const MARGIN = 54;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
/** The amounts' column, right-aligned against the margin. */
const AMOUNT_WIDTH = 110;
const LABEL_WIDTH = CONTENT_WIDTH - AMOUNT_WIDTH - 12;
const GREY = '#555555';
const RULE = '#bbbbbb';

export interface ReceiptPdfOptions {
  /** Deflate the page's content (the default); tests turn it off to read the text. */
  compress?: boolean;
}

// pdfkit and its font engine take about 0.2 s to load: paid by the first receipt, not by every
// start of the server (most starts draw none).
const loadPdfkit = () => import('pdfkit');
let pdfkit: ReturnType<typeof loadPdfkit> | null = null;

export async function renderReceiptPdf(
  receipt: Receipt,
  options: ReceiptPdfOptions = {},
): Promise<Buffer> {
  pdfkit ??= loadPdfkit();
  const { default: PDFDocument } = await pdfkit;
  // Its creation date and so its file ID (pdfkit hashes the info) come from the receipt: the
  // same receipt gives the same bytes.
  const issuedAt = new Date(receipt.issuedAt);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    compress: options.compress ?? true,
    info: {
      Title: toWinAnsi(`Receipt ${receipt.reference}`),
      Author: toWinAnsi(receipt.business.name),
      CreationDate: issuedAt,
      ModDate: issuedAt,
    },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawReceipt(doc, receipt);
  doc.end();
  return done;
}

type Doc = PDFKit.PDFDocument;

function font(doc: Doc, size: number, bold = false, color = '#000000'): Doc {
  return doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(size)
    .fillColor(color);
}

/** A line of text at the margin, full width (wrapped when long); the cursor moves below it. */
function line(doc: Doc, text: string, x = MARGIN, width = CONTENT_WIDTH): void {
  doc.text(toWinAnsi(text), x, doc.y, { width });
}

function rule(doc: Doc, gap = 8): void {
  doc.y += gap;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(PAGE.width - MARGIN, doc.y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.y += gap;
}

function heading(doc: Doc, text: string): void {
  font(doc, 9, true, GREY);
  line(doc, text);
  doc.y += 3;
}

/** A label and its amount on one row, the amount right-aligned; a long label wraps. */
function amountRow(doc: Doc, label: string, amountCents: number, bold = false): void {
  font(doc, 10, bold);
  const top = doc.y;
  doc.text(toWinAnsi(label), MARGIN, top, { width: LABEL_WIDTH });
  const below = doc.y;
  doc.text(formatReceiptAmount(amountCents), PAGE.width - MARGIN - AMOUNT_WIDTH, top, {
    width: AMOUNT_WIDTH,
    align: 'right',
  });
  doc.y = Math.max(below, doc.y) + 4;
}

function drawReceipt(doc: Doc, receipt: Receipt): void {
  const { business, customer } = receipt;

  // The business on the left, the receipt's own identity on the right, both from the top.
  const top = MARGIN;
  font(doc, 18, true);
  doc.text(toWinAnsi(business.name), MARGIN, top, { width: CONTENT_WIDTH / 2 });
  font(doc, 9, false, GREY);
  line(doc, formatReceiptBusinessAddress(business), MARGIN, CONTENT_WIDTH / 2);
  line(doc, business.phone, MARGIN, CONTENT_WIDTH / 2);
  line(doc, business.email, MARGIN, CONTENT_WIDTH / 2);
  const leftBottom = doc.y;

  const rightX = MARGIN + CONTENT_WIDTH / 2;
  const rightWidth = CONTENT_WIDTH / 2;
  font(doc, 20, true);
  doc.text('Receipt', rightX, top, { width: rightWidth, align: 'right' });
  font(doc, 10);
  doc.text(toWinAnsi(`Booking reference ${receipt.reference}`), rightX, doc.y + 2, {
    width: rightWidth,
    align: 'right',
  });
  font(doc, 9, false, GREY);
  doc.text(toWinAnsi(`Issued ${formatReceiptInstant(receipt.issuedAt)}`), rightX, doc.y, {
    width: rightWidth,
    align: 'right',
  });
  doc.y = Math.max(leftBottom, doc.y) + 4;
  font(doc, 8, false, GREY);
  line(doc, business.licence);
  rule(doc, 10);

  // The customer, and beside them whom the customer asked to bill, when they asked.
  const partiesTop = doc.y;
  heading(doc, 'Customer');
  font(doc, 10, true);
  line(doc, customer.name, MARGIN, CONTENT_WIDTH / 2);
  font(doc, 10);
  line(doc, customer.email, MARGIN, CONTENT_WIDTH / 2);
  const customerBottom = doc.y;
  const billedTo = receiptBilledTo(customer);
  if (billedTo.length > 0) {
    doc.y = partiesTop;
    font(doc, 9, true, GREY);
    line(doc, 'Billed to', rightX, rightWidth);
    doc.y += 3;
    billedTo.forEach((text, i) => {
      font(doc, 10, i === 0 && customer.company !== null && customer.company.trim() !== '');
      line(doc, text, rightX, rightWidth);
    });
  }
  doc.y = Math.max(customerBottom, doc.y);
  rule(doc, 10);

  heading(doc, receipt.legs.length > 1 ? 'Rides' : 'Ride');
  for (const leg of receipt.legs) {
    font(doc, 10, true);
    line(doc, `${leg.label}: ${formatReceiptLegWhen(leg)}`);
    font(doc, 10);
    line(doc, leg.car);
    line(doc, `From ${leg.pickup}`);
    line(doc, `To ${leg.dropoff}`);
    doc.y += 6;
  }
  rule(doc, 4);

  heading(doc, 'Charges');
  for (const item of receipt.lines) amountRow(doc, item.label, item.amountCents);
  rule(doc, 2);
  amountRow(doc, 'Subtotal', receipt.subtotalCents, true);
  amountRow(doc, 'Deposit paid when booked', receipt.depositCents);
  amountRow(doc, 'Balance paid after the ride', receipt.balanceCents);
  amountRow(doc, 'Tip', receipt.tipCents);
  for (const refund of receipt.refunds)
    amountRow(doc, `${refund.label} (${formatReceiptInstant(refund.at)})`, -refund.amountCents);
  rule(doc, 2);
  amountRow(doc, 'Total paid', receipt.paidCents, true);

  if (receipt.card) {
    doc.y += 6;
    font(doc, 10);
    line(doc, `Paid with ${formatReceiptCard(receipt.card)}`);
  }

  doc.y += 18;
  font(doc, 9, false, GREY);
  line(
    doc,
    `Thank you for riding with ${business.name}. Questions about this receipt: ${business.phone} or ${business.email}.`,
  );
}
