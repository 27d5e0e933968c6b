import { GCProfiler } from 'node:v8';
import { percentile } from './harness.ts';

/** What drawing documents one after another cost: time, and memory by three measures. */
export interface RenderFigures {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  perSecond: number;
  /** What V8 collected during the run plus the heap it grew by, over the renders. */
  allocatedPerRender: number;
  /** The heap after a full GC against before the run, over the renders: a leak shows here. */
  retainedPerRender: number;
  /** The process's resident memory at its highest during the run, less before it. */
  rssGrowth: number;
}

/**
 * Times `count` calls of `render` one after another (after `warmUp` not counted), and the
 * memory they took. Needs `--expose-gc`: the run starts and ends with a full collection.
 * Buffers live outside V8's heap: a document's bytes are in the RSS, not in `allocated`.
 */
export async function measureRenders(
  render: () => Promise<unknown>,
  count: number,
  warmUp = 50,
): Promise<RenderFigures> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run node with --expose-gc');
  for (let i = 0; i < warmUp; i++) await render();
  gc();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  const profiler = new GCProfiler();
  profiler.start();
  const times: number[] = [];
  const runStart = performance.now();
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await render();
    times.push(performance.now() - start);
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }
  const runMs = performance.now() - runStart;
  const heapAtEnd = process.memoryUsage().heapUsed;
  const freed = (profiler.stop()?.statistics ?? []).reduce(
    (sum, s) =>
      sum + s.beforeGC.heapStatistics.usedHeapSize - s.afterGC.heapStatistics.usedHeapSize,
    0,
  );
  gc();
  const after = process.memoryUsage();
  times.sort((a, b) => a - b);
  return {
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    maxMs: times.at(-1) ?? NaN,
    perSecond: (count * 1000) / runMs,
    allocatedPerRender: (freed + heapAtEnd - before.heapUsed) / count,
    retainedPerRender: (after.heapUsed - before.heapUsed) / count,
    rssGrowth: peakRss - before.rss,
  };
}
