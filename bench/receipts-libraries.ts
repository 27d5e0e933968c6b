/**
 * Which PDF library draws the receipts (run by hand: `node bench/receipts-libraries.ts`; ADR 023).
 *
 * Installs each candidate at a fixed version into a temp dir of its own (`npm install`, nothing
 * in the repository's package.json: the losers stay out of it), weighs its node_modules, then in
 * a fresh Node process per candidate draws the same one-page Letter receipt (the sample receipt's
 * text at the same places, amounts right-aligned, Helvetica and Helvetica-Bold from the library
 * itself, no font file) and measures: load time, first receipt, `BENCH_RECEIPTS` (500) warm
 * receipts after 50 not counted (ms each, p50 and p99), bytes allocated per receipt (V8's GC
 * profiler: what each collection freed, plus the heap's growth), heap retained after a full GC
 * per receipt (a leak shows here), and RSS growth over the run. `BENCH_ROUNDS` (3) rounds, each
 * library in turn, and the medians shown. `BENCH_LIBS_DIR=<dir>` reuses the installs of an
 * earlier run (kept when set). Figures only.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, lstatSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  formatReceiptAmount,
  formatReceiptBusinessAddress,
  formatReceiptCard,
  formatReceiptInstant,
  formatReceiptLegWhen,
  receiptBilledTo,
  type Receipt,
} from '@app/shared';
import { SAMPLE_RECEIPT } from '../apps/api/src/modules/receipts/sample-receipt.ts';
import { makeTempDir, median, positiveSetting, runMain, table } from './lib/harness.ts';
import { measureRenders, type RenderFigures } from './lib/renders.ts';

const RECEIPTS = positiveSetting('BENCH_RECEIPTS', 500, { integer: true });
const ROUNDS = positiveSetting('BENCH_ROUNDS', 3, { integer: true });
const WARM_UP = 50;

interface Candidate {
  key: string;
  /** What `npm install` is given, versions fixed so runs compare. */
  packages: string[];
  /** An ES module in the install dir whose default export the renderer receives. */
  entry: string;
}

const CANDIDATES: Candidate[] = [
  {
    key: 'pdfkit',
    packages: ['pdfkit@0.20.2'],
    entry: "import PDFDocument from 'pdfkit'; export default { PDFDocument };",
  },
  {
    key: 'pdf-lib',
    packages: ['pdf-lib@1.17.1'],
    entry: "import * as lib from 'pdf-lib'; export default lib;",
  },
  {
    key: 'jspdf',
    packages: ['jspdf@4.2.1'],
    entry: "import { jsPDF } from 'jspdf'; export default { jsPDF };",
  },
  {
    key: '@react-pdf/renderer',
    packages: ['@react-pdf/renderer@4.9.0', 'react@19'],
    entry:
      "import * as pdf from '@react-pdf/renderer'; import React from 'react'; export default { pdf, React };",
  },
];

/** One piece of text at a place: y from the page's top, x its left (or right edge) in points. */
interface TextOp {
  text: string;
  x: number;
  y: number;
  size: number;
  bold: boolean;
  align: 'left' | 'right';
}

const PAGE = { width: 612, height: 792 };
const LEFT = 54;
const RIGHT = PAGE.width - 54;

/** The receipt as text at places: the same for every library, so only the drawing differs. */
function layout(receipt: Receipt): TextOp[] {
  const ops: TextOp[] = [];
  let y = 54;
  const line = (text: string, size = 10, bold = false, gap = 4) => {
    ops.push({ text, x: LEFT, y, size, bold, align: 'left' });
    y += size + gap;
  };
  const row = (label: string, amount: string, bold = false) => {
    ops.push({ text: label, x: LEFT, y, size: 10, bold, align: 'left' });
    ops.push({ text: amount, x: RIGHT, y, size: 10, bold, align: 'right' });
    y += 15;
  };
  const { business, customer } = receipt;
  line(business.name, 18, true, 6);
  line(formatReceiptBusinessAddress(business));
  line(`${business.phone} · ${business.email}`);
  line(business.licence, 8, false, 16);
  line('Receipt', 16, true, 6);
  line(`Booking reference ${receipt.reference}`);
  line(`Issued ${formatReceiptInstant(receipt.issuedAt)}`, 10, false, 14);
  line(customer.name, 10, true);
  line(customer.email, 10, false, 10);
  const billedTo = receiptBilledTo(customer);
  if (billedTo.length > 0) {
    line('Billed to', 10, true);
    for (const text of billedTo) line(text);
    y += 10;
  }
  for (const leg of receipt.legs) {
    line(`${leg.label}: ${formatReceiptLegWhen(leg)}, ${leg.car}`, 10, true);
    line(`From ${leg.pickup}`);
    line(`To ${leg.dropoff}`, 10, false, 10);
  }
  for (const item of receipt.lines) row(item.label, formatReceiptAmount(item.amountCents));
  row('Subtotal', formatReceiptAmount(receipt.subtotalCents), true);
  row('Deposit paid when booked', formatReceiptAmount(receipt.depositCents));
  row('Balance', formatReceiptAmount(receipt.balanceCents));
  row('Tip', formatReceiptAmount(receipt.tipCents));
  for (const refund of receipt.refunds) row(refund.label, formatReceiptAmount(-refund.amountCents));
  row('Total paid', formatReceiptAmount(receipt.paidCents), true);
  if (receipt.card) line(`Charged to ${formatReceiptCard(receipt.card)}`);
  return ops;
}

type Render = (ops: TextOp[], created: Date) => Promise<Uint8Array>;

// The libraries' own types are not installed here: each renderer says what it calls.
interface PdfKitDoc {
  on(event: 'data', listener: (chunk: Buffer) => void): void;
  on(event: 'end', listener: () => void): void;
  font(name: string): PdfKitDoc;
  fontSize(size: number): PdfKitDoc;
  widthOfString(text: string): number;
  text(text: string, x: number, y: number, options: { lineBreak: boolean }): PdfKitDoc;
  end(): void;
}
interface PdfLibFont {
  widthOfTextAtSize(text: string, size: number): number;
}
interface PdfLib {
  PDFDocument: {
    create(): Promise<{
      setCreationDate(date: Date): void;
      setModificationDate(date: Date): void;
      embedFont(name: string): Promise<PdfLibFont>;
      addPage(size: [number, number]): {
        drawText(text: string, o: { x: number; y: number; size: number; font: PdfLibFont }): void;
      };
      save(o: { useObjectStreams: boolean }): Promise<Uint8Array>;
    }>;
  };
  StandardFonts: { Helvetica: string; HelveticaBold: string };
}
interface JsPdfDoc {
  setCreationDate(date: Date): void;
  setFont(name: string, style: string): void;
  setFontSize(size: number): void;
  text(text: string, x: number, y: number, o: { align: string; baseline: string }): void;
  output(type: 'arraybuffer'): ArrayBuffer;
}
interface ReactPdf {
  pdf: {
    Document: unknown;
    Page: unknown;
    Text: unknown;
    renderToBuffer(element: unknown): Promise<Buffer>;
  };
  React: { createElement(type: unknown, props: unknown, ...children: unknown[]): unknown };
}

const RENDERERS: Record<string, (lib: unknown) => Render> = {
  pdfkit: (lib) => {
    const { PDFDocument } = lib as {
      PDFDocument: new (o: object) => PdfKitDoc;
    };
    return (ops, created) =>
      new Promise((resolve) => {
        const doc = new PDFDocument({ size: 'LETTER', margin: 0, info: { CreationDate: created } });
        const chunks: Buffer[] = [];
        doc.on('data', (chunk) => chunks.push(chunk));
        doc.on('end', () => resolve(Buffer.concat(chunks)));
        for (const op of ops) {
          doc.font(op.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(op.size);
          const x = op.align === 'right' ? op.x - doc.widthOfString(op.text) : op.x;
          doc.text(op.text, x, op.y, { lineBreak: false });
        }
        doc.end();
      });
  },
  'pdf-lib': (lib) => {
    const { PDFDocument, StandardFonts } = lib as PdfLib;
    return async (ops, created) => {
      const doc = await PDFDocument.create();
      doc.setCreationDate(created);
      doc.setModificationDate(created);
      const regular = await doc.embedFont(StandardFonts.Helvetica);
      const bold = await doc.embedFont(StandardFonts.HelveticaBold);
      const page = doc.addPage([PAGE.width, PAGE.height]);
      for (const op of ops) {
        const font = op.bold ? bold : regular;
        const width = op.align === 'right' ? font.widthOfTextAtSize(op.text, op.size) : 0;
        // pdf-lib's y is the baseline from the bottom; about 0.8 of the size below the top.
        const y = PAGE.height - op.y - op.size * 0.8;
        page.drawText(op.text, { x: op.x - width, y, size: op.size, font });
      }
      // Without object streams, as the others write: the page is then readable as text.
      return doc.save({ useObjectStreams: false });
    };
  },
  jspdf: (lib) => {
    const { jsPDF } = lib as { jsPDF: new (o: object) => JsPdfDoc };
    return async (ops, created) => {
      const doc = new jsPDF({ unit: 'pt', format: 'letter', compress: true });
      doc.setCreationDate(created);
      for (const op of ops) {
        doc.setFont('helvetica', op.bold ? 'bold' : 'normal');
        doc.setFontSize(op.size);
        doc.text(op.text, op.x, op.y, { align: op.align, baseline: 'top' });
      }
      return new Uint8Array(doc.output('arraybuffer'));
    };
  },
  '@react-pdf/renderer': (lib) => {
    const { pdf, React } = lib as ReactPdf;
    const h = React.createElement;
    return (ops, created) =>
      pdf.renderToBuffer(
        h(
          pdf.Document,
          { creationDate: created },
          h(
            pdf.Page,
            { size: 'LETTER' },
            ...ops.map((op, i) =>
              h(
                pdf.Text,
                {
                  key: i,
                  style: {
                    position: 'absolute',
                    top: op.y,
                    ...(op.align === 'right' ? { right: PAGE.width - op.x } : { left: op.x }),
                    fontSize: op.size,
                    fontFamily: op.bold ? 'Helvetica-Bold' : 'Helvetica',
                  },
                },
                op.text,
              ),
            ),
          ),
        ),
      );
  },
};

interface Figures extends RenderFigures {
  loadMs: number;
  firstMs: number;
  pdfBytes: number;
  pages: number;
  fontFiles: number;
}

/** In the child: one candidate, loaded from its install dir, measured. */
async function measure(key: string, dir: string): Promise<Figures> {
  const makeRenderer = RENDERERS[key];
  if (!makeRenderer) throw new Error(`no renderer for ${key}`);
  const loadStart = performance.now();
  const lib = ((await import(pathToFileURL(join(dir, 'entry.mjs')).href)) as { default: unknown })
    .default;
  const loadMs = performance.now() - loadStart;
  const render = makeRenderer(lib);
  const ops = layout(SAMPLE_RECEIPT);
  const created = new Date(SAMPLE_RECEIPT.issuedAt);

  const firstStart = performance.now();
  const pdf = await render(ops, created);
  const firstMs = performance.now() - firstStart;
  const figures = await measureRenders(() => render(ops, created), RECEIPTS, WARM_UP);
  const text = Buffer.from(pdf).toString('latin1');
  return {
    loadMs,
    firstMs,
    ...figures,
    pdfBytes: pdf.byteLength,
    pages: (text.match(/\/Type\s*\/Page\b/g) ?? []).length,
    fontFiles: (text.match(/\/FontFile[23]?\b/g) ?? []).length,
  };
}

function dirBytes(path: string): number {
  let total = 0;
  for (const name of readdirSync(path)) {
    const child = join(path, name);
    const stat = lstatSync(child);
    total += stat.isDirectory() ? dirBytes(child) : stat.size;
  }
  return total;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => value.toFixed(2);

/** Installs a candidate into a dir of its own, once. */
function install(root: string, candidate: Candidate): string {
  const libDir = join(root, candidate.key.replace(/[@/]/g, '_'));
  if (!existsSync(join(libDir, 'node_modules'))) {
    mkdirSync(libDir, { recursive: true });
    writeFileSync(join(libDir, 'package.json'), '{ "private": true }\n');
    execFileSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--ignore-scripts', ...candidate.packages],
      { cwd: libDir, stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  writeFileSync(join(libDir, 'entry.mjs'), `${candidate.entry}\n`);
  return libDir;
}

/** One candidate measured in a fresh process. */
function measureApart(candidate: Candidate, libDir: string): Figures {
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', import.meta.filename, '--child', candidate.key, libDir],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (child.status !== 0) throw new Error(`${candidate.key}: the measuring process failed`);
  return JSON.parse(child.stdout) as Figures;
}

async function main(): Promise<void> {
  const [mode, key, dir] = process.argv.slice(2);
  if (mode === '--child' && key && dir) {
    process.stdout.write(JSON.stringify(await measure(key, dir)));
    return;
  }
  const root = process.env.BENCH_LIBS_DIR ?? makeTempDir('receipt-libs');
  const dirs = CANDIDATES.map((candidate) => install(root, candidate));
  console.log(
    `${availableParallelism()} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${ROUNDS} rounds, each library in turn, a fresh process each time;` +
      ` ${RECEIPTS} receipts after ${WARM_UP} not counted\n`,
  );
  // Interleaved rounds: a shared machine's speed drifts, and each library meets the drift alike.
  const runs: Figures[][] = CANDIDATES.map(() => []);
  for (let round = 0; round < ROUNDS; round++)
    CANDIDATES.forEach((candidate, i) => runs[i]?.push(measureApart(candidate, dirs[i] ?? '')));

  const rows = [
    [
      'library',
      'node_modules',
      'packages',
      'load ms',
      'first ms',
      'p50 ms',
      'p99 ms',
      'receipts/s',
      'each round',
      'allocated/receipt',
      'retained/receipt',
      'RSS growth',
      'PDF',
      'pages',
      'font files',
    ],
  ];
  CANDIDATES.forEach((candidate, i) => {
    const figures = runs[i] ?? [];
    const mid = (pick: (f: Figures) => number) => median(figures.map(pick));
    const modules = join(dirs[i] ?? '', 'node_modules');
    const last = figures.at(-1);
    rows.push([
      candidate.packages.join(' + '),
      mb(dirBytes(modules)),
      String(readdirSync(modules).filter((n) => !n.startsWith('.')).length),
      ms(mid((f) => f.loadMs)),
      ms(mid((f) => f.firstMs)),
      ms(mid((f) => f.p50Ms)),
      ms(mid((f) => f.p99Ms)),
      mid((f) => f.perSecond).toFixed(0),
      figures.map((f) => f.perSecond.toFixed(0)).join(' '),
      kib(mid((f) => f.allocatedPerRender)),
      kib(mid((f) => f.retainedPerRender)),
      mb(mid((f) => f.rssGrowth)),
      kib(last?.pdfBytes ?? NaN),
      String(last?.pages ?? ''),
      String(last?.fontFiles ?? ''),
    ]);
  });
  console.log(table(rows));
  console.log(
    '\nMedians of the rounds. node_modules: bytes on disk of the install alone (packages: its' +
      ' top-level folders, scopes as one).' +
      '\nallocated: what V8 collected during the run plus the heap it grew by, over the receipts;' +
      ' Buffers outside the heap are not in it. retained: heap after a full GC, over the receipts.' +
      '\nfont files: /FontFile entries in the PDF (0: Helvetica named, not embedded, no font file needed).',
  );
  if (!process.env.BENCH_LIBS_DIR) console.log(`\n(installs in ${root}, removed on exit)`);
}

runMain(main);
