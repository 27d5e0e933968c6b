import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../apps/api/src/test/server-process.ts';

const ROOT_DIR = resolve(import.meta.dirname, '..');
const SCRIPT = resolve(ROOT_DIR, '.ci/audit-dependencies');
/** How long the script waits for the registry: npm alone takes seconds on a busy machine. */
const LIMIT_SECONDS = 20;
const FASTIFY_VERSION = (
  JSON.parse(readFileSync(resolve(ROOT_DIR, 'node_modules/fastify/package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** The CI step against a registry at `port`: its exit code and what it printed. */
function audit(
  port: number,
  limitSeconds = LIMIT_SECONDS,
): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(
      SCRIPT,
      {
        cwd: ROOT_DIR,
        env: {
          ...process.env,
          npm_config_registry: `http://127.0.0.1:${port}/`,
          // Its own cache: npm keeps what a stand-in answered under its address, ports recur.
          npm_config_cache: mkdtempSync(join(tmpdir(), 'audit-cache-')),
          AUDIT_TIMEOUT_SECONDS: String(limitSeconds),
        },
      },
      (error, stdout) => done({ code: error ? Number(error.code ?? 1) : 0, output: stdout }),
    );
  });
}

/** A registry stand-in that answers npm's bulk advisory request as `answer` says. */
async function registry(answer: 'high' | 'low' | 'none' | 'silent' | 'error'): Promise<number> {
  const port = await freePort();
  server = createServer((request, response) => {
    request.resume();
    if (answer === 'silent') return; // accepts the request, never answers
    if (answer === 'error') return void response.writeHead(503).end();
    if (request.method === 'GET') {
      // npm reads the package's versions to tell which the advisory covers.
      const versions = { [FASTIFY_VERSION]: { name: 'fastify', version: FASTIFY_VERSION } };
      return void response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ name: 'fastify', 'dist-tags': { latest: FASTIFY_VERSION }, versions }),
        );
    }
    const advisories =
      answer === 'none'
        ? {}
        : {
            // A production dependency, flagged for every version it could have.
            fastify: [
              {
                id: 1_000_001,
                url: 'https://github.com/advisories/GHSA-test-test-test',
                title: 'A stand-in advisory',
                severity: answer,
                vulnerable_versions: '<1000.0.0',
                cwe: [],
                cvss: { score: 0, vectorString: null },
              },
            ],
          };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(advisories));
  });
  await new Promise<void>((done) => server?.listen(port, '127.0.0.1', done));
  return port;
}

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  server = undefined;
});

describe('the dependency audit in CI (.ci/audit-dependencies)', { timeout: 120_000 }, () => {
  it('fails on a high advisory in a production dependency, naming it', async () => {
    const { code, output } = await audit(await registry('high'));
    expect(code).toBe(1);
    expect(output).toContain('fastify');
    expect(output).toContain('A stand-in advisory');
  });

  it('passes with no advisories, or only low ones', async () => {
    const none = await audit(await registry('none'));
    expect(none.code, none.output).toBe(0);
    const low = await audit(await registry('low'));
    expect(low.code, low.output).toBe(0);
    expect(low.output).toMatch(/no high or critical advisories/);
  });

  it('does not fail when the registry cannot be reached, errs, or never answers', async () => {
    const refused = await freePort(); // nothing listens there
    for (const port of [refused, await registry('error')]) {
      const { code, output } = await audit(port);
      expect(code, output).toBe(0);
      expect(output).toMatch(/skipped \(not a failure\)/);
    }
  });

  it('gives up on a silent registry after its time limit, without failing', async () => {
    const { code, output } = await audit(await registry('silent'), 3);
    expect(code, output).toBe(0);
    expect(output).toMatch(/skipped \(not a failure\)/);
  });
});
