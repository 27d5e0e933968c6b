/**
 * What the booking form's dates cost a phone's main thread (`npm run bench:slots`).
 *
 * The booking form computes its 90-day strip (every free half hour, in New York time) and the
 * spoken name of each day while it is drawn. Each figure is taken in a new Chromium, its CPU
 * slowed 4x as Lighthouse models a phone, because the cost that matters is the first one: ICU
 * sets up its time-zone and calendar data on a process's first date formatter.
 *
 * - the window now: `listBookableDays` and `formatDaySpoken` for all 90 days, from
 *   `packages/shared/src/slots.ts` as it stands (New York's rule written out, no Intl);
 * - a New York formatter: building `Intl.DateTimeFormat` in `America/New_York` and reading one
 *   instant, the set-up a wall clock asked of Intl pays before its first answer;
 * - day names by Intl: the 90 spoken names from `toLocaleDateString`.
 *
 * Figures only: nothing here fails on a budget.
 */
import { readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type * as slotsModule from '../packages/shared/src/slots.ts';
import { ROOT_DIR, median, runMain, table } from './lib/harness.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 15));
const CPU_SLOWDOWN = 4;

type SlotsModule = Pick<typeof slotsModule, 'listBookableDays' | 'formatDaySpoken'>;

/** The page's global scope once the module is loaded (the functions below run in the page). */
type PageScope = typeof globalThis & { slots: SlotsModule };

/** Each runs in the page and answers the milliseconds its work took. */
const WORKS: { name: string; measure: () => number }[] = [
  {
    name: 'the window now (90 days, their slots and spoken names)',
    measure: () => {
      const { slots } = globalThis as PageScope;
      const start = performance.now();
      const days = slots.listBookableDays(new Date());
      const names = days.map((day) => slots.formatDaySpoken(day));
      if (names.length !== 90) throw new Error(`90 days expected, got ${names.length}`);
      return performance.now() - start;
    },
  },
  {
    name: 'a New York formatter: built, one reading',
    measure: () => {
      const start = performance.now();
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      }).formatToParts(new Date());
      return performance.now() - start;
    },
  },
  {
    name: '90 day names by toLocaleDateString',
    measure: () => {
      const start = performance.now();
      const today = Date.now();
      for (let i = 0; i < 90; i++) {
        new Date(today + i * 86_400_000).toLocaleDateString('en-US', {
          weekday: 'long',
          month: 'long',
          day: 'numeric',
          timeZone: 'UTC',
        });
      }
      return performance.now() - start;
    },
  },
];

runMain(async () => {
  // The module imports nothing, so its types stripped it runs in a page as it is.
  const source = readFileSync(join(ROOT_DIR, 'packages/shared/src/slots.ts'), 'utf8');
  const moduleCode = stripTypeScriptTypes(source);
  console.log(
    `Each figure in a new Chromium, CPU slowed ${CPU_SLOWDOWN}x; ${RUNS} runs, the works interleaved.`,
  );

  const timings = WORKS.map(() => [] as number[]);
  for (let run = 0; run < RUNS; run++) {
    for (const [index, work] of WORKS.entries()) {
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
      try {
        const page = await browser.newPage();
        await page.evaluate(async (code) => {
          const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
          (globalThis as PageScope).slots = (await import(url)) as SlotsModule;
        }, moduleCode);
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        timings[index]?.push(await page.evaluate(work.measure));
      } finally {
        await browser.close();
      }
    }
  }

  const windowNow = median(timings[0] ?? []);
  const rows = [['work', 'median', 'min', 'max', 'x the window now']];
  for (const [index, work] of WORKS.entries()) {
    const ms = timings[index] ?? [];
    rows.push([
      work.name,
      `${median(ms).toFixed(1)} ms`,
      `${Math.min(...ms).toFixed(1)} ms`,
      `${Math.max(...ms).toFixed(1)} ms`,
      (median(ms) / windowNow).toFixed(1),
    ]);
  }
  console.log(`\n${table(rows)}`);
});
