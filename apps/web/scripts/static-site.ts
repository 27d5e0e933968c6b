/**
 * Build steps after Vite's client bundle: prerender the public pages into HTML the client
 * hydrates, then write `.br`/`.gz` beside every text file so the server never compresses per
 * request. Part of every `vite build`, so `npm start`, `npm test` and the benchmarks all serve
 * the same files.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { PrerenderedPage } from '../src/prerender/pages.ts';

/** What the server-side entry (src/prerender/entry.tsx) exports. */
interface PrerenderEntry {
  PRERENDERED_PAGES: readonly PrerenderedPage[];
  renderPage(path: string, route: string): Promise<string>;
  businessJsonLd(): string;
  startupCalls(): string[];
}

/** Where the pages go in the build, and the list of them the server reads at start. */
export const PRERENDERED_DIR = 'prerendered';
export const PRERENDERED_MANIFEST = 'pages.json';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/** A chunk of the client bundle: its file and the chunks it imports statically. */
interface ChunkInfo {
  file: string;
  imports: string[];
}

export function staticSite(): Plugin {
  let config: ResolvedConfig;
  const chunks = new Map<string, ChunkInfo>();
  let entryFiles = new Set<string>();
  return {
    name: 'static-site',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, bundle) {
      const outputs = Object.values(bundle).filter((output) => output.type === 'chunk');
      for (const output of outputs) {
        const info = { file: output.fileName, imports: output.imports };
        if (output.facadeModuleId) chunks.set(output.facadeModuleId, info);
        chunks.set(output.fileName, info);
      }
      // What index.html already loads (Vite preloads the entry's imports itself).
      const entry = outputs.find((output) => output.isEntry);
      if (entry) entryFiles = closure(entry.fileName, chunks);
    },
    async closeBundle() {
      // The server-side build below loads this same config: it only renders.
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      await prerender(config, outDir, (screen) => {
        const chunk = chunks.get(resolve(config.root, screen));
        if (!chunk) throw new Error(`prerender: no chunk for ${screen} in the client bundle`);
        return [...closure(chunk.file, chunks)].filter((file) => !entryFiles.has(file));
      });
      precompress(outDir);
    },
  };
}

/** A chunk and every chunk it imports statically, as file names. */
function closure(file: string, chunks: Map<string, ChunkInfo>): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const imported of chunks.get(name)?.imports ?? []) visit(imported);
  };
  visit(file);
  return seen;
}

async function prerender(
  config: ResolvedConfig,
  outDir: string,
  screenChunks: (screen: string) => string[],
): Promise<void> {
  // Inside Vite's cache dir, so the bundle's bare imports (react, ...) resolve from node_modules.
  const ssrDir = join(
    config.cacheDir,
    `prerender-${process.pid}-${randomBytes(4).toString('hex')}`,
  );
  try {
    await build({
      configFile: config.configFile,
      root: config.root,
      mode: config.mode,
      logLevel: 'warn',
      build: {
        ssr: 'src/prerender/entry.tsx',
        outDir: ssrDir,
        emptyOutDir: true,
        copyPublicDir: false,
        minify: false,
        rolldownOptions: { output: { entryFileNames: 'entry.js' } },
      },
    });
    const entry = (await import(pathToFileURL(join(ssrDir, 'entry.js')).href)) as PrerenderEntry;

    const templatePath = join(outDir, 'index.html');
    const jsonLd = entry.businessJsonLd();
    // The shell every other route gets (client-rendered): the business data block as well.
    const template = readFileSync(templatePath, 'utf8');
    writeFileSync(
      templatePath,
      template.replace(/\s*<\/head>/, () => `\n    ${jsonLd}\n  </head>`),
    );

    const renderedAt = new Date().toISOString();
    const manifest: { url: string; file: string }[] = [];
    for (const page of entry.PRERENDERED_PAGES) {
      const rendered = await entry.renderPage(page.path, page.route);
      const { head, body } = splitHoisted(rendered);
      if (!head.includes('<title>')) throw new Error(`prerender: ${page.path} has no <title>`);
      const preloads = [
        ...(page.screen ? screenChunks(page.screen) : []).map(
          (file) => `<link rel="modulepreload" crossorigin href="${config.base}${file}">`,
        ),
        // Matches the app's fetch (credentials included, no extra headers), so it is reused.
        ...entry
          .startupCalls()
          .map(
            (url) =>
              `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeAttribute(url)}">`,
          ),
      ];
      const html = template
        .replace(/<title>[^<]*<\/title>/, () => head)
        .replace(/\s*<\/head>/, () => `\n    ${[...preloads, jsonLd].join('\n    ')}\n  </head>`)
        .replace(
          '<div id="root"></div>',
          () =>
            `<div id="root" data-route="${escapeAttribute(page.route)}" data-rendered-at="${renderedAt}">${body}</div>`,
        );
      if (!html.includes('data-route='))
        throw new Error('prerender: index.html has no empty #root');
      const file = join(outDir, PRERENDERED_DIR, page.file);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, html);
      manifest.push({ url: page.url, file: page.file });
    }
    writeFileSync(
      join(outDir, PRERENDERED_DIR, PRERENDERED_MANIFEST),
      `${JSON.stringify(manifest, null, 2)}\n`,
    );
    config.logger.info(`prerendered ${manifest.length} pages into ${PRERENDERED_DIR}/`);
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
}

/**
 * React renders a page's `<title>`, `<meta>` and preload `<link>`s ahead of its markup when it
 * renders less than a whole document: they belong in `<head>`, where hydration looks for them.
 */
function splitHoisted(html: string): { head: string; body: string } {
  const hoisted = /^(?:<(?:link|meta)\b[^>]*>|<title\b[^>]*>[^<]*<\/title>)*/.exec(html)?.[0] ?? '';
  const head = hoisted.replace(/></g, '>\n    <');
  return { head, body: html.slice(hoisted.length) };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Writes `.br` and `.gz` beside every text file of 1 KB or more. */
function precompress(outDir: string): void {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  for (const file of walk(outDir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const source = readFileSync(file);
    if (source.length < 1024) continue;
    writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}
