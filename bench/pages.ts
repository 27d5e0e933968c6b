/**
 * Throughput of the public pages the server renders (`npm run bench:pages`).
 *
 * Builds the web app into a temp dir and starts the real server on it with a fresh embedded
 * database, then loads with autocannon, one after the other: a page built once and sent as a
 * file (`/about`), a car page (rendered once per load of the service list, then sent from
 * memory), and unknown cars, a new one each request (the most rendering a visitor can ask for:
 * the server renders `SSR_RENDERS_PER_SECOND` of them a second and sends the rest unrendered).
 * It prints each one's throughput and latency, and its throughput as a share of the file's.
 * First, on the fresh server, three floods of 20,000 unknown addresses of several kinds, and
 * the server's resident memory before and after each: a leak grows it flood after flood.
 * Figures only: nothing here fails on a budget.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import autocannon, { type RawRequest } from 'autocannon';
import { buildWeb } from '../scripts/web-build.ts';
import { makeTempDir, runMain, startServer, table } from './lib/harness.ts';
import { createBenchDatabase } from './lib/postgres.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** `BENCH_POSTGRES=1`: on a database of its own on `BENCH_DATABASE_URL`'s server (lib/postgres.ts). */
const ON_POSTGRES = process.env.BENCH_POSTGRES === '1';
const FLOODS = 3;
const FLOOD_REQUESTS = 20_000;

runMain(async () => {
  const tmp = makeTempDir('bench-pages');
  const distDir = join(tmp, 'dist');
  console.log(`Building the web app into ${distDir} ...`);
  buildWeb(distDir);

  const databaseUrl = ON_POSTGRES ? await createBenchDatabase('bench_pages') : undefined;
  console.log(
    `Starting the server (fresh ${databaseUrl ? 'PostgreSQL' : 'embedded'} database, migrated and seeded) ...`,
  );
  const server = await startServer({
    dataDir: join(tmp, 'data'),
    webDistDir: distDir,
    databaseUrl,
  });
  const list = (await (await fetch(`${server.baseUrl}/api/service/list`)).json()) as {
    services?: { _id: string }[];
  };
  const car = list.services?.[0];
  if (!car) throw new Error('The service list is empty: no car page to load.');

  // Memory under floods of unknown addresses, of every kind a scanner tries, a new one each
  // request: what the server keeps of them shows as resident memory that grows flood after flood.
  const unknown = ['/appointment/', '/services/Model', '/no-such-page/', '/api/no-such-api/'];
  const memory: string[][] = [['when ready', mb(server.rss()), '']];
  for (let flood = 1; flood <= FLOODS; flood += 1) {
    let sent = 0;
    const result = await autocannon({
      url: server.baseUrl,
      connections: CONNECTIONS,
      amount: FLOOD_REQUESTS,
      headers: { 'accept-encoding': 'br' },
      requests: [
        {
          setupRequest: (request: RawRequest) => ({
            ...request,
            path: `${unknown[(sent += 1) % unknown.length]}${randomUUID()}`,
          }),
        },
      ],
    });
    memory.push([
      `after flood ${flood} (${FLOOD_REQUESTS} requests)`,
      mb(server.rss()),
      String(result.statusCodeStats['404']?.count ?? 0),
    ]);
  }
  console.log(`\n${table([['resident memory', 'RSS', 'answered 404'], ...memory])}`);

  const pages = [
    { name: 'static page, sent as a file', path: '/about', status: 200 },
    { name: 'car page, rendered once a second', path: `/appointment/${car._id}`, status: 200 },
    // A new address each time: a render is kept per address, so only these are all rendered.
    { name: 'unknown cars, a new one each', path: '/appointment/', status: 404, fresh: true },
  ];
  const rows: string[][] = [];
  let fileRate = 0;
  for (const page of pages) {
    const url = `${server.baseUrl}${page.path}${page.fresh ? randomUUID() : ''}`;
    const check = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    await check.arrayBuffer();
    if (check.status !== page.status) throw new Error(`${page.path} answered ${check.status}`);
    console.log(`${page.name}: warm-up 1 s, then ${DURATION_S} s at ${CONNECTIONS} connections`);
    // As a browser asks: the brotli answer, made once per render.
    const options = {
      url,
      connections: CONNECTIONS,
      headers: { 'accept-encoding': 'br' },
      ...(page.fresh && {
        requests: [
          {
            setupRequest: (request: RawRequest) => ({
              ...request,
              path: `${page.path}${randomUUID()}`,
            }),
          },
        ],
      }),
    };
    await autocannon({ ...options, duration: 1 });
    const result = await autocannon({ ...options, duration: DURATION_S });
    const rate = result.requests.average;
    if (fileRate === 0) fileRate = rate;
    rows.push([
      page.name,
      rate.toFixed(0),
      String(result.latency.p50),
      String(result.latency.p99),
      String(result.errors + result.timeouts),
      `${((rate / fileRate) * 100).toFixed(0)} %`,
    ]);
  }
  console.log(
    `\n${table([['page', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'of the file’s req/s'], ...rows])}`,
  );
});

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
