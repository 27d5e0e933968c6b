/**
 * What a phone's main thread does while each public page loads and hydrates
 * (`npm run bench:hydration`).
 *
 * Builds the web app into a temp dir and starts the real server on it (fresh embedded database),
 * then loads `/`, `/services`, the model page and the car page of the first car by name, `BENCH_RUNS`
 * times each (5), every load in a new Chromium page with a phone's viewport and its CPU slowed 4x
 * (Lighthouse's model of a mid-range phone); with `BENCH_BASE_DIST`, another build too, served
 * beside it and loaded in turn. Each load is traced (Chromium's devtools timeline
 * and V8's sampling profiler) from navigation until the page is hydrated and has been idle for a
 * second. It prints, per page, the medians of:
 *
 * - main-thread time by kind: HTML parsing, script (compiling and running), style and layout,
 *   paint, other;
 * - long tasks (over 50 ms): how many, the longest, and the blocking time after the first paint
 *   (each one's time beyond 50 ms, as total blocking time counts it);
 * - when the page was hydrated (its heading owned by React) and when it first painted;
 * - how many elements had their style computed and how many layout objects were laid out
 *   (median and range): counts of work, which move far less than the times on a busy machine;
 *
 * and, over all the page's runs, the traced events and the functions with the most self time,
 * the functions named and placed in the sources through the build's source maps: where a cut
 * would pay. Figures only: nothing here fails on a budget.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium, type Browser } from 'playwright-core';
import {
  ROOT_DIR,
  chosenPages,
  makeTempDir,
  median,
  onCleanup,
  run,
  runMain,
  startServer,
  table,
} from './lib/harness.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const CPU_SLOWDOWN = 4;
/**
 * Another build of the site (`npm run build` at another commit, its `apps/web/dist` copied
 * aside): served beside this one and loaded in turn with it, so the two compare in one run.
 */
const BASE_DIST = process.env.BENCH_BASE_DIST;
const LONG_TASK_MS = 50;
/** Events and functions listed per page, by self time. */
const TOP = 12;

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
];

/** One trace event, as Chromium writes them (times in microseconds). */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    beginData?: { url?: string; dirtyObjects?: number };
    elementCount?: number;
    data?: {
      frame?: string;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  parent?: number;
}

type Kind = 'HTML' | 'script' | 'style & layout' | 'paint' | 'other';
const KINDS: readonly Kind[] = ['HTML', 'script', 'style & layout', 'paint', 'other'];

/** What each traced event is: its self time counts there (an unnamed child inherits its parent's). */
const KIND_OF: Record<string, Kind> = {
  ParseHTML: 'HTML',
  EvaluateScript: 'script',
  'v8.compile': 'script',
  'v8.compileModule': 'script',
  'v8.evaluateModule': 'script',
  'v8.produceModuleCache': 'script',
  FunctionCall: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  EventDispatch: 'script',
  'V8.GCCompactor': 'script',
  MinorGC: 'script',
  MajorGC: 'script',
  UpdateLayoutTree: 'style & layout',
  RecalculateStyles: 'style & layout',
  ParseAuthorStyleSheet: 'style & layout',
  Layout: 'style & layout',
  Paint: 'paint',
  PrePaint: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
};

interface Load {
  byKind: Record<Kind, number>;
  busyMs: number;
  longTasks: number;
  longestMs: number;
  blockingMs: number;
  fcpMs: number;
  hydratedMs: number;
  /** Elements whose style was computed and layout objects laid out: counts, not times, so they
   * repeat from run to run on any machine. */
  styled: number;
  laidOut: number;
  /** Self time by traced event name, in ms. */
  byEvent: Map<string, number>;
  /** Self time by `function (file:line)`, in ms. */
  selfTime: Map<string, number>;
}

/**
 * The renderer's main thread of the traced page, the thread that parsed its HTML (not the first
 * blank page's, often in another process), and when its navigation began.
 */
function mainThread(events: TraceEvent[], url: string): { pid: number; tid: number; ts: number } {
  const parse = events.find(
    (event) => event.name === 'ParseHTML' && event.args?.beginData?.url === url,
  );
  if (!parse) throw new Error(`The trace has no parsing of ${url}: the page did not load.`);
  const navigation = events
    .filter((event) => event.name === 'navigationStart' && event.pid === parse.pid)
    .filter((event) => event.ts <= parse.ts)
    .at(-1);
  return { pid: parse.pid, tid: parse.tid, ts: navigation?.ts ?? parse.ts };
}

/** Self time of each complete event on the thread, nested by time, by kind and by name. */
function timeByKind(events: TraceEvent[]): {
  byKind: Record<Kind, number>;
  byEvent: Map<string, number>;
  busyMs: number;
} {
  const sorted = events
    .filter((event) => event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const byKind = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
  const byEvent = new Map<string, number>();
  const stack: { end: number; name: string; kind: Kind; self: number }[] = [];
  let busy = 0;
  const close = (until: number) => {
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= until) {
      const done = stack.pop();
      if (!done) continue;
      byKind[done.kind] += done.self / 1000;
      byEvent.set(done.name, (byEvent.get(done.name) ?? 0) + done.self / 1000);
    }
  };
  for (const event of sorted) {
    close(event.ts);
    const dur = event.dur ?? 0;
    const parent = stack.at(-1);
    if (parent) parent.self -= dur;
    else busy += dur;
    const kind = KIND_OF[event.name] ?? parent?.kind ?? 'other';
    stack.push({ end: event.ts + dur, name: event.name, kind, self: dur });
  }
  close(Number.POSITIVE_INFINITY);
  return { byKind, byEvent, busyMs: busy / 1000 };
}

/** The build's source maps, by script address: a minified place back to its source and name. */
type SourceMaps = (url: string) => TraceMap | undefined;

function sourceMapsOf(distDir: string): SourceMaps {
  const maps = new Map<string, TraceMap | undefined>();
  return (url) => {
    const path = new URL(url, 'http://x').pathname;
    if (!maps.has(path)) {
      try {
        maps.set(path, new TraceMap(readFileSync(join(distDir, `${path}.map`), 'utf8')));
      } catch {
        maps.set(path, undefined);
      }
    }
    return maps.get(path);
  };
}

/** `name (file:line)` of a profiled frame, in the sources where the build's maps say. */
function placeOf(frame: ProfileNode['callFrame'], sourceMaps: SourceMaps): string {
  // A frame with no place (-1: V8's own, a native function) has none to map.
  const map = frame.url && frame.lineNumber >= 0 ? sourceMaps(frame.url) : undefined;
  const at = map
    ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber })
    : undefined;
  if (at?.source) {
    const source = at.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '');
    return `${frame.functionName || '(anonymous)'} (${source}:${at.line})`;
  }
  const file = frame.url ? frame.url.split('/').pop() : '';
  return `${frame.functionName || '(anonymous)'}${file ? ` (${file}:${frame.lineNumber + 1})` : ''}`;
}

/** Self time by function from V8's sampling profiler, as the trace carries it. */
function selfTimeByFunction(
  events: TraceEvent[],
  pid: number,
  tid: number,
  sourceMaps: SourceMaps,
): Map<string, number> {
  const nodes = new Map<number, ProfileNode>();
  const selfTime = new Map<string, number>();
  const profile = events.find(
    (event) => event.name === 'Profile' && event.pid === pid && event.tid === tid,
  );
  for (const chunk of events) {
    if (chunk.name !== 'ProfileChunk' || chunk.pid !== pid || chunk.id !== profile?.id) continue;
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    samples.forEach((id, index) => {
      const frame = nodes.get(id)?.callFrame;
      if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') return;
      const key = placeOf(frame, sourceMaps);
      selfTime.set(key, (selfTime.get(key) ?? 0) + Math.max(0, deltas[index + 1] ?? 0) / 1000);
    });
  }
  return selfTime;
}

/** One load of `url`, traced, until hydrated and a second idle. */
async function load(browser: Browser, url: string, sourceMaps: SourceMaps): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url, { waitUntil: 'load' });
    // Hydrated: the server's heading is React's (its fiber is attached to the very element).
    const hydrated = await page.waitForFunction(
      () => {
        // Run in the page (bench/ has no DOM types).
        const { document } = globalThis as unknown as {
          document: { querySelector(selector: string): object | null };
        };
        const heading = document.querySelector('main h1');
        const owned = heading && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
        return owned ? performance.now() : false;
      },
      undefined,
      // Coarse polling: the check itself runs on the throttled main thread.
      { polling: 50, timeout: 60_000 },
    );
    const hydratedMs = Number(await hydrated.jsonValue());
    await page.waitForTimeout(1000);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: TraceEvent[];
    };
    const { pid, tid, ts: origin } = mainThread(trace.traceEvents, url);
    const onMain = trace.traceEvents.filter((event) => event.pid === pid && event.tid === tid);
    const fcp = trace.traceEvents.find(
      (event) => event.name === 'firstContentfulPaint' && event.pid === pid && event.ts >= origin,
    );
    const fcpTs = fcp?.ts ?? origin;
    const tasks = onMain.filter(
      (event) => event.name === 'RunTask' && event.ph === 'X' && event.ts >= origin,
    );
    const long = tasks.filter((task) => (task.dur ?? 0) / 1000 > LONG_TASK_MS);
    return {
      ...timeByKind(onMain.filter((event) => event.ts >= origin)),
      longTasks: long.length,
      longestMs: Math.max(0, ...tasks.map((task) => (task.dur ?? 0) / 1000)),
      blockingMs: long
        .filter((task) => task.ts >= fcpTs)
        .reduce((sum, task) => sum + (task.dur ?? 0) / 1000 - LONG_TASK_MS, 0),
      fcpMs: (fcpTs - origin) / 1000,
      styled: sumOf(onMain, 'UpdateLayoutTree', (event) => event.args?.elementCount),
      laidOut: sumOf(onMain, 'Layout', (event) => event.args?.beginData?.dirtyObjects),
      hydratedMs,
      selfTime: selfTimeByFunction(trace.traceEvents, pid, tid, sourceMaps),
    };
  } finally {
    await context.close();
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** A count's median and, in brackets, its range over the loads. */
function spread(values: number[]): string {
  return `${median(values)} (${Math.min(...values)}-${Math.max(...values)})`;
}

function sumOf(
  events: TraceEvent[],
  name: string,
  count: (event: TraceEvent) => number | undefined,
) {
  return events.filter((event) => event.name === name).reduce((sum, e) => sum + (count(e) ?? 0), 0);
}

/** A server on a build, and the demo car its pages are measured with. */
interface Site {
  label: string;
  baseUrl: string;
  car: { _id: string; name: string; type: string };
}

/** Starts the real server on a build (a fresh embedded database, migrated and seeded). */
async function site(label: string, webDistDir: string, dataDir: string): Promise<Site> {
  console.log(`Starting the server on ${label} (${webDistDir}) ...`);
  const server = await startServer({ dataDir, webDistDir });
  const list = (await (await fetch(`${server.baseUrl}/api/service/list`)).json()) as {
    services?: Site['car'][];
  };
  // The first car by name: the same car on both sites (their ids are each database's own).
  const car = list.services?.toSorted((a, b) => a.name.localeCompare(b.name))[0];
  if (!car) throw new Error('The service list is empty: no car page to measure.');
  return { label, baseUrl: server.baseUrl, car };
}

runMain(async () => {
  const tmp = makeTempDir('bench-hydration');
  const distDir = join(tmp, 'dist');
  console.log(`Building the web app into ${distDir} ...`);
  const vite = realpathSync(join(ROOT_DIR, 'node_modules/.bin/vite'));
  // With source maps, which name the profiled functions; the pages never ask for them.
  const build = ['build', '--outDir', distDir, '--emptyOutDir', '--sourcemap'];
  await run(process.execPath, [vite, ...build], {
    cwd: join(ROOT_DIR, 'apps/web'),
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const sites = [await site('this build', distDir, join(tmp, 'data'))];
  if (BASE_DIST) sites.push(await site('base', BASE_DIST, join(tmp, 'base-data')));

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  onCleanup(() => browser.close());
  console.log(
    `Chromium ${browser.version()}, CPU slowed ${CPU_SLOWDOWN}x, 412 x 823 at 1.75x, ${RUNS} load(s) a page${BASE_DIST ? ' and build, alternating' : ''}`,
  );

  const [first] = sites;
  if (!first) throw new Error('No site to measure.');
  const pages = chosenPages<{ key: string; name: string; path: (at: Site) => string }>([
    { key: 'home', name: 'home', path: () => '/' },
    { key: 'services', name: 'services', path: () => '/services' },
    {
      key: 'model',
      name: `model page (${first.car.type})`,
      path: (at) => `/services/${at.car.type}`,
    },
    {
      key: 'car',
      name: `car page (${first.car.name})`,
      path: (at) => `/appointment/${at.car._id}`,
    },
  ]);
  const sourceMaps = sourceMapsOf(distDir);
  const summary: string[][] = [
    [
      'page',
      'busy',
      ...KINDS,
      'long tasks',
      'longest',
      'blocking after FCP',
      'FCP',
      'hydrated',
      'styled',
      'laid out',
    ],
  ];
  for (const { name, path } of pages) {
    const loads = new Map<Site, Load[]>(sites.map((at) => [at, []]));
    // One load of each first, not counted: the server renders and compresses the page once.
    // The base build's functions are left as they are: the maps are this build's.
    const mapsOf = (at: Site): SourceMaps => (at === first ? sourceMaps : () => undefined);
    for (const at of sites) await load(browser, `${at.baseUrl}${path(at)}`, mapsOf(at));
    for (let i = 0; i < RUNS; i++) {
      for (const at of sites) {
        loads.get(at)?.push(await load(browser, `${at.baseUrl}${path(at)}`, mapsOf(at)));
      }
    }
    for (const at of sites) {
      const measured = loads.get(at) ?? [];
      const mid = (pick: (load: Load) => number) => median(measured.map(pick));
      summary.push([
        BASE_DIST ? `${name}: ${at.label}` : name,
        ms(mid((l) => l.busyMs)),
        ...KINDS.map((kind) => ms(mid((l) => l.byKind[kind]))),
        String(mid((l) => l.longTasks)),
        ms(mid((l) => l.longestMs)),
        ms(mid((l) => l.blockingMs)),
        ms(mid((l) => l.fcpMs)),
        ms(mid((l) => l.hydratedMs)),
        spread(measured.map((l) => l.styled)),
        spread(measured.map((l) => l.laidOut)),
      ]);
    }
    const measured = loads.get(first) ?? [];
    console.log(`\n=== ${name}: ${path(first)}: self time a load, mean of ${RUNS}, top ${TOP} ===`);
    console.log(table(topOf(measured, (l) => l.byEvent, 'traced event')));
    console.log(table(topOf(measured, (l) => l.selfTime, 'function (source:line)')));
  }
  console.log(`\nMain thread a load, medians of ${RUNS} (CPU slowed ${CPU_SLOWDOWN}x)`);
  console.log(table(summary));
});

/** The `TOP` entries with the most time, as a mean over the loads. */
function topOf(loads: Load[], pick: (load: Load) => Map<string, number>, heading: string) {
  const total = new Map<string, number>();
  for (const loaded of loads) {
    for (const [key, time] of pick(loaded))
      total.set(key, (total.get(key) ?? 0) + time / loads.length);
  }
  const top = [...total].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  return [[heading, 'self'], ...top.map(([key, time]) => [key, `${time.toFixed(1)} ms`])];
}
