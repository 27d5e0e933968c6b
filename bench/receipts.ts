/**
 * Receipts drawn as PDF (`npm run bench:receipts`): the site's own `renderReceiptPdf` (pdfkit,
 * ADR 023) on the sample receipt, in one process, no server. Prints the time to import the
 * renderer and to draw the first receipt (which loads pdfkit), then `BENCH_ROUNDS` (3) rounds
 * of `BENCH_RECEIPTS` (1,000) receipts one after another, each after 50 not counted: receipts a
 * second, p50 / p99 / max ms, and memory per receipt (allocated, retained after a full GC, RSS
 * growth over the round). Figures only: nothing here fails on a budget.
 */
import { availableParallelism, loadavg } from 'node:os';
import { median, positiveSetting, runMain, table } from './lib/harness.ts';
import { measureRenders, type RenderFigures } from './lib/renders.ts';

const RECEIPTS = positiveSetting('BENCH_RECEIPTS', 1000, { integer: true });
const ROUNDS = positiveSetting('BENCH_ROUNDS', 3, { integer: true });

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  console.log(
    `${availableParallelism()} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; Node ${process.versions.node}\n`,
  );
  const rssAtStart = process.memoryUsage.rss();
  const loadStart = performance.now();
  const { renderReceiptPdf } = await import('../apps/api/src/modules/receipts/receipt-pdf.ts');
  const { SAMPLE_RECEIPT } = await import('../apps/api/src/modules/receipts/sample-receipt.ts');
  const loadMs = performance.now() - loadStart;
  const firstStart = performance.now();
  const pdf = await renderReceiptPdf(SAMPLE_RECEIPT);
  const firstMs = performance.now() - firstStart;
  const plain = await renderReceiptPdf({
    ...SAMPLE_RECEIPT,
    customer: { ...SAMPLE_RECEIPT.customer, company: null, billingAddress: null },
    refunds: [],
  });
  console.log(`import the renderer and sample:  ${loadMs.toFixed(1)} ms`);
  console.log(`first receipt (loads pdfkit):    ${firstMs.toFixed(1)} ms`);
  console.log(
    `PDF size: ${kib(pdf.byteLength)} (sample: 2 legs, 7 lines, refund, billed to); ${kib(plain.byteLength)} without the company and refund\n`,
  );

  const rounds: RenderFigures[] = [];
  for (let round = 0; round < ROUNDS; round++)
    rounds.push(await measureRenders(() => renderReceiptPdf(SAMPLE_RECEIPT), RECEIPTS));
  const header = [
    'round',
    'receipts/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'allocated/receipt',
    'retained/receipt',
    'RSS growth',
  ];
  const row = (name: string, f: RenderFigures) => [
    name,
    f.perSecond.toFixed(0),
    f.p50Ms.toFixed(2),
    f.p99Ms.toFixed(2),
    f.maxMs.toFixed(2),
    kib(f.allocatedPerRender),
    kib(f.retainedPerRender),
    mb(f.rssGrowth),
  ];
  const medianOf = (pick: (f: RenderFigures) => number) => median(rounds.map(pick));
  console.log(
    table([
      header,
      ...rounds.map((f, i) => row(String(i + 1), f)),
      row('median', {
        perSecond: medianOf((f) => f.perSecond),
        p50Ms: medianOf((f) => f.p50Ms),
        p99Ms: medianOf((f) => f.p99Ms),
        maxMs: medianOf((f) => f.maxMs),
        allocatedPerRender: medianOf((f) => f.allocatedPerRender),
        retainedPerRender: medianOf((f) => f.retainedPerRender),
        rssGrowth: medianOf((f) => f.rssGrowth),
      }),
    ]),
  );
  console.log(
    `\n${RECEIPTS} receipts a round, one after another, after 50 not counted. allocated: what V8` +
      ' collected plus the heap it grew by, over the receipts (the PDF bytes are Buffers, outside' +
      ' it); retained: the heap after a full GC against before, over the receipts.' +
      `\nRSS: ${mb(rssAtStart)} at start, ${mb(process.memoryUsage.rss())} at the end.`,
  );
}

runMain(main);
