/**
 * Throughput benchmark of the service list (`npm run bench:api`).
 *
 * Starts the real server (fresh embedded database, or DATABASE_URL when set), saves the exact
 * bytes of `GET /api/service/list` as `/service-list.json` in the server's web dir, then loads
 * both URLs with autocannon and prints the API's throughput as a share of the static file's:
 * the same server, the same bytes, so the ratio is the cost of the API route itself.
 * Figures only: nothing here fails on a budget.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import {
  kb,
  makeTempDir,
  positiveSetting,
  runMain,
  startServer,
  table,
  verdict,
} from './lib/harness.ts';

const DURATION_S = positiveSetting('BENCH_DURATION', 10);
const CONNECTIONS = positiveSetting('BENCH_CONNECTIONS', 50);
const WARMUP_S = 1;
const BUDGET_RATIO = 0.5;

async function load(url: string, durationS: number): Promise<Result> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: durationS });
  if (result.errors > 0 || result.timeouts > 0) {
    console.log(`  (${result.errors} errors, ${result.timeouts} timeouts)`);
  }
  return result;
}

async function measure(label: string, url: string): Promise<Result> {
  console.log(
    `${label}: warm-up ${WARMUP_S} s, then ${DURATION_S} s at ${CONNECTIONS} connections`,
  );
  await load(url, WARMUP_S);
  return load(url, DURATION_S);
}

runMain(async () => {
  const tmp = makeTempDir('bench-api');
  const webDir = join(tmp, 'web');
  const dataDir = join(tmp, 'data');
  makeWebDir(webDir);

  const databaseUrl = process.env.DATABASE_URL || undefined;
  console.log(
    `Starting the server (${databaseUrl ? 'PostgreSQL from DATABASE_URL' : 'fresh embedded database'}) ...`,
  );
  const server = await startServer({ dataDir, webDistDir: webDir, databaseUrl });
  const apiUrl = `${server.baseUrl}/api/service/list`;
  const staticUrl = `${server.baseUrl}/service-list.json`;

  const apiResponse = await fetch(apiUrl);
  if (!apiResponse.ok) throw new Error(`GET /api/service/list answered ${apiResponse.status}`);
  const body = Buffer.from(await apiResponse.arrayBuffer());
  writeFileSync(join(webDir, 'service-list.json'), body);

  const staticResponse = await fetch(staticUrl);
  const staticBody = Buffer.from(await staticResponse.arrayBuffer());
  if (!staticResponse.ok || !staticBody.equals(body)) {
    throw new Error(
      `GET /service-list.json does not serve the saved bytes (${staticResponse.status})`,
    );
  }
  const parsed = JSON.parse(body.toString('utf8')) as { services?: unknown[] };
  const count = Array.isArray(parsed.services) ? parsed.services.length : 0;
  console.log(
    `ready at ${server.baseUrl}; /api/service/list: ${body.length} bytes (${kb(body.length)}), ` +
      `${count} services; /service-list.json serves the same bytes`,
  );
  if (count === 0) console.log('WARNING: the service list is empty; is the demo catalogue seeded?');
  console.log(
    `load generator and server share this machine (${availableParallelism()} CPUs, ` +
      `load average ${loadavg()[0]?.toFixed(2)} before the runs); ` +
      'requests are sent without Accept-Encoding, so both answers are uncompressed\n',
  );

  const api = await measure('API    GET /api/service/list', apiUrl);
  const file = await measure('static GET /service-list.json', staticUrl);

  const row = (name: string, r: Result) => [
    name,
    r.requests.mean.toFixed(0),
    r.latency.p50.toFixed(1),
    r.latency.p99.toFixed(1),
    (r.throughput.mean / 1024).toFixed(0),
    String(r.requests.sent),
    String(r.non2xx),
    String(r.errors + r.timeouts),
  ];
  console.log(`\nResults (${DURATION_S} s, ${CONNECTIONS} connections; KB = 1024 bytes)`);
  console.log(
    table([
      ['target', 'req/s mean', 'p50 ms', 'p99 ms', 'KB/s mean', 'requests', 'non-2xx', 'errors'],
      row('API    /api/service/list', api),
      row('static /service-list.json', file),
    ]),
  );
  const ratio = file.requests.mean > 0 ? api.requests.mean / file.requests.mean : 0;
  console.log(
    `\nAPI / static throughput: ${(ratio * 100).toFixed(1)} %  ` +
      `(budget >= ${BUDGET_RATIO * 100} %: ${verdict(ratio >= BUDGET_RATIO)})`,
  );
});

/** The server only serves a web dir that has an index.html. */
function makeWebDir(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>bench</title></head><body></body></html>\n',
  );
}
