/**
 * Page-weight benchmark of the home page (`npm run bench:web`).
 *
 * Builds the web app into a temp dir, starts the real server on it with a fresh embedded
 * database, loads `/` in Chromium until the network is idle (mobile, then desktop), records
 * every response and prints the JS, CSS and total weights beside the budgets.
 * Figures only: nothing here fails on a budget.
 */
import { realpathSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContextOptions, type Response } from 'playwright-core';
import {
  KB,
  ROOT_DIR,
  kb,
  makeTempDir,
  onCleanup,
  run,
  runMain,
  startServer,
  table,
  verdict,
} from './lib/harness.ts';

// ADR 025: React's hydrating client is 66 KB of it.
const BUDGET_JS_GZIP = 90 * KB;
const BUDGET_TOTAL = 300 * KB;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const PROFILES: { name: string; options: BrowserContextOptions }[] = [
  {
    name: 'mobile 390x844',
    options: {
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    },
  },
  { name: 'desktop 1440x900', options: { viewport: { width: 1440, height: 900 } } },
];

interface Resource {
  type: 'js' | 'css' | 'html' | 'image' | 'font' | 'json' | 'other';
  path: string;
  status: number;
  encoding: string;
  /** Bytes on the wire: response headers + encoded body. */
  transfer: number;
  /** Encoded body bytes on the wire (what was served, br/gzip/identity). */
  body: number;
  /** Decoded body bytes. */
  decoded: number;
  /** The decoded body compressed by us with gzip level 9. */
  gzip: number;
  /** Body bytes when the same URL is fetched again with `Accept-Encoding: gzip` only. */
  servedGzip: number;
  method: string;
  /** What Chromium asked for: decides which of .br/.gz/identity the server picks. */
  acceptEncoding: string;
}

function classify(contentType: string, resourceType: string, path: string): Resource['type'] {
  if (/javascript|ecmascript/.test(contentType) || /\.m?js$/.test(path)) return 'js';
  if (contentType.includes('text/css') || path.endsWith('.css')) return 'css';
  if (contentType.includes('text/html') || resourceType === 'document') return 'html';
  if (contentType.startsWith('image/') || resourceType === 'image') return 'image';
  if (
    contentType.startsWith('font/') ||
    /woff2?|ttf|otf/.test(contentType) ||
    resourceType === 'font'
  ) {
    return 'font';
  }
  if (contentType.includes('json')) return 'json';
  return 'other';
}

/** Body bytes as they come off the wire (not decompressed) for a given Accept-Encoding. */
function rawBodyBytes(url: URL, acceptEncoding: string): Promise<number> {
  return new Promise((resolveBytes, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolveBytes(bytes));
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function record(response: Response): Promise<Resource | undefined> {
  const url = new URL(response.url());
  if (!url.protocol.startsWith('http')) return undefined;
  const request = response.request();
  await response.finished();
  const sizes = await request.sizes();
  let decoded: Buffer = Buffer.alloc(0);
  try {
    decoded = await response.body();
  } catch {
    // redirects and bodiless answers
  }
  const headers = await response.allHeaders();
  const requestHeaders = await request.allHeaders();
  const contentType = headers['content-type'] ?? '';
  return {
    type: classify(contentType, request.resourceType(), url.pathname),
    path: url.pathname + url.search,
    status: response.status(),
    encoding: headers['content-encoding'] ?? 'identity',
    transfer: sizes.responseHeadersSize + sizes.responseBodySize,
    body: sizes.responseBodySize,
    decoded: decoded.length,
    gzip: decoded.length > 0 ? gzipSync(decoded, { level: 9 }).length : 0,
    servedGzip: 0, // measured once the page is idle, so the load itself is not disturbed
    method: request.method(),
    acceptEncoding: requestHeaders['accept-encoding'] ?? '',
  };
}

async function loadHome(browser: Browser, baseUrl: string, options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    const pending: Promise<Resource | undefined>[] = [];
    page.on('response', (response) =>
      pending.push(
        record(response).catch((error: unknown) => {
          console.warn(`could not record ${response.url()}: ${String(error)}`);
          return undefined;
        }),
      ),
    );
    page.on('requestfailed', (request) =>
      console.warn(`request failed: ${request.url()} (${request.failure()?.errorText ?? '?'})`),
    );
    const started = performance.now();
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle', timeout: 60_000 });
    const idleAfterMs = performance.now() - started;
    const resources = (await Promise.all(pending)).filter((r): r is Resource => r !== undefined);
    for (const r of resources) {
      if (r.method === 'GET') r.servedGzip = await rawBodyBytes(new URL(r.path, baseUrl), 'gzip');
    }
    const title = await page.title();
    return { resources, idleAfterMs, title, acceptEncoding: resources[0]?.acceptEncoding ?? '?' };
  } finally {
    await context.close();
  }
}

function sum(
  resources: Resource[],
  key: 'transfer' | 'body' | 'decoded' | 'gzip' | 'servedGzip',
): number {
  return resources.reduce((total, r) => total + r[key], 0);
}

function report(profile: string, result: Awaited<ReturnType<typeof loadHome>>) {
  const { resources } = result;
  const js = resources.filter((r) => r.type === 'js');
  const css = resources.filter((r) => r.type === 'css');
  const order: Resource['type'][] = ['html', 'js', 'css', 'font', 'image', 'json', 'other'];
  const sorted = [...resources].sort(
    (a, b) => order.indexOf(a.type) - order.indexOf(b.type) || b.transfer - a.transfer,
  );

  console.log(
    `\n=== ${profile}: "${result.title}", network idle after ${result.idleAfterMs.toFixed(0)} ms ===`,
  );
  console.log(`Chromium sent Accept-Encoding: ${result.acceptEncoding}`);
  console.log(
    table([
      ['type', 'status', 'encoding', 'transfer', 'decoded', 'gzip -9', 'served gz', 'path'],
      ...sorted.map((r) => [
        r.type,
        String(r.status),
        r.encoding,
        String(r.transfer),
        String(r.decoded),
        String(r.gzip),
        String(r.servedGzip),
        r.path,
      ]),
    ]),
  );
  console.log(
    '(bytes. transfer = response headers + body as served to Chromium, with its own Accept-Encoding;\n' +
      ' decoded = body after decompression; gzip -9 = decoded body gzip-compressed by this script at\n' +
      ' level 9; served gz = body bytes the server sends for the same GET with Accept-Encoding: gzip)',
  );

  const jsGzip = sum(js, 'gzip');
  const total = sum(resources, 'transfer');
  console.log(`\nSummary (${profile}; KB = 1024 bytes)`);
  console.log(
    table([
      ['what', 'files', 'transfer', 'gzip -9', 'served gz', 'budget', 'verdict'],
      [
        'JS',
        String(js.length),
        kb(sum(js, 'transfer')),
        kb(jsGzip),
        kb(sum(js, 'servedGzip')),
        `<= ${kb(BUDGET_JS_GZIP)} gzip`,
        verdict(jsGzip <= BUDGET_JS_GZIP),
      ],
      [
        'CSS',
        String(css.length),
        kb(sum(css, 'transfer')),
        kb(sum(css, 'gzip')),
        kb(sum(css, 'servedGzip')),
        '-',
        '-',
      ],
      [
        'home page total',
        String(resources.length),
        kb(total),
        kb(sum(resources, 'gzip')),
        kb(sum(resources, 'servedGzip')),
        `<= ${kb(BUDGET_TOTAL)} transfer`,
        verdict(total <= BUDGET_TOTAL),
      ],
    ]),
  );
  const byType = order
    .map((type) => [type, resources.filter((r) => r.type === type)] as const)
    .filter(([, list]) => list.length > 0)
    .map(([type, list]) => `${type} ${kb(sum(list, 'transfer'))}`);
  console.log(`transferred by type: ${byType.join(', ')}`);
}

runMain(async () => {
  const tmp = makeTempDir('bench-web');
  const distDir = join(tmp, 'dist');
  const dataDir = join(tmp, 'data');

  console.log(`Building the web app into ${distDir} ...`);
  const buildStarted = performance.now();
  const vite = realpathSync(join(ROOT_DIR, 'node_modules/.bin/vite'));
  await run(process.execPath, [vite, 'build', '--outDir', distDir, '--emptyOutDir'], {
    cwd: join(ROOT_DIR, 'apps/web'),
    env: { ...process.env, NODE_ENV: 'production' },
  });
  console.log(`built in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s`);

  console.log('Starting the server (fresh embedded database, migrated and seeded) ...');
  const serverStarted = performance.now();
  const server = await startServer({ dataDir, webDistDir: distDir });
  console.log(
    `ready at ${server.baseUrl} in ${((performance.now() - serverStarted) / 1000).toFixed(1)} s`,
  );

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  onCleanup(() => browser.close());
  console.log(`Chromium ${browser.version()}`);

  for (const profile of PROFILES) {
    report(profile.name, await loadHome(browser, server.baseUrl, profile.options));
  }
});
