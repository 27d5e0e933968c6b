/**
 * Build steps after Vite's client bundle: build the app's server-side renderer, write the public
 * pages (finished HTML for the static ones, templates for the live ones the API server renders
 * on each request), then write `.br`/`.gz` beside every text file so the server never compresses
 * files per request. Part of every `vite build`, so `npm start`, `npm test` and the benchmarks all
 * serve the same files.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import {
  PAGES_DIR,
  PAGES_MANIFEST,
  RENDER_MODULE,
  type PageEntry,
  type PageRenderer,
} from '@app/shared';

/** What the server-side entry (src/ssr/entry.tsx) exports. */
interface RenderEntry extends PageRenderer {
  PUBLIC_PAGES: readonly PageEntry[];
  businessJsonLd(): string;
  startupPreloads(live: boolean): string[];
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

export function staticSite(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'static-site',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      // The server-side build below loads this same config: it only renders.
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      await writePages(config, outDir);
      precompress(outDir);
    },
  };
}

async function writePages(config: ResolvedConfig, outDir: string): Promise<void> {
  const pagesDir = join(outDir, PAGES_DIR);
  mkdirSync(pagesDir, { recursive: true });
  // One self-contained module (React and all), so the server runs it wherever the build is.
  await build({
    configFile: config.configFile,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true },
    build: {
      ssr: 'src/ssr/entry.tsx',
      outDir: pagesDir,
      emptyOutDir: false,
      copyPublicDir: false,
      minify: false,
      rolldownOptions: { output: { entryFileNames: RENDER_MODULE, codeSplitting: false } },
    },
  });
  const entry = (await import(pathToFileURL(join(pagesDir, RENDER_MODULE)).href)) as RenderEntry;

  const shellPath = join(outDir, 'index.html');
  const jsonLd = entry.businessJsonLd();
  // The shell every other route gets (rendered by the client): the business data block as well.
  const shell = readFileSync(shellPath, 'utf8');
  writeFileSync(shellPath, withHead(shell, [jsonLd]));

  const renderedAt = new Date();
  const manifest: PageEntry[] = [];
  for (const page of entry.PUBLIC_PAGES) {
    /*
     * Only what the first paint waits for: the page arrives rendered, so its screen's code (loaded
     * before hydrating, main.tsx) is not preloaded; on a phone those requests would hold up the
     * first paint.
     */
    const template = withHead(shell, [...entry.startupPreloads(page.live), jsonLd]);
    let html = template;
    if (!page.live) {
      // A static page has no parameters: its address is the path rendered.
      const rendered = await entry.renderDocument(template, {
        path: page.url,
        route: page.route,
        renderedAt,
      });
      if (rendered.status !== 200)
        throw new Error(`build: ${page.url} answered ${rendered.status}`);
      html = rendered.html;
    }
    writeFileSync(join(pagesDir, page.file), html);
    manifest.push({ url: page.url, route: page.route, file: page.file, live: page.live });
  }
  writeFileSync(join(pagesDir, PAGES_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  config.logger.info(`wrote ${manifest.length} public pages and their renderer into ${PAGES_DIR}/`);
}

/** `html` with these tags added at the end of its head. */
function withHead(html: string, tags: string[]): string {
  if (!html.includes('</head>')) throw new Error('build: index.html has no </head>');
  return html.replace(/\s*<\/head>/, () => `\n    ${tags.join('\n    ')}\n  </head>`);
}

/** Writes `.br` and `.gz` beside every text file of 1 KB or more. */
function precompress(outDir: string): void {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  // The renderer runs in the server: it is never sent.
  const renderer = join(outDir, PAGES_DIR, RENDER_MODULE);
  for (const file of walk(outDir)) {
    if (!COMPRESSIBLE.test(file) || file === renderer) continue;
    const source = readFileSync(file);
    if (source.length < 1024) continue;
    writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}
