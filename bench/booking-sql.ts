/**
 * PostgreSQL alone on the booking's SQL (`npm run bench:booking-sql`): the floor under
 * bench:booking, measured by `lib/booking-sql-floor.ts` (pgbench, BENCH_DURATION seconds, 10,
 * from BENCH_CONNECTIONS clients, 50), printed on its own.
 */
import { measureBookingSqlFloor } from './lib/booking-sql-floor.ts';
import { runMain, table, verdict } from './lib/harness.ts';

const DURATION_S = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const BUDGET_P99_MS = 50;

runMain(async () => {
  const floor = await measureBookingSqlFloor({ durationS: DURATION_S, connections: CONNECTIONS });
  console.log(`${floor.description}\n`);
  console.log(
    table([
      ['figure', 'value'],
      ['bookings (transactions)', String(floor.bookings)],
      ['failed', floor.failed],
      ['bookings/s', floor.bookingsPerSecond.toFixed(0)],
      ['latency p50 ms', floor.p50Ms.toFixed(1)],
      ['latency p99 ms', floor.p99Ms.toFixed(1)],
      ['latency max ms', floor.maxMs.toFixed(1)],
    ]),
  );
  console.log(
    `PostgreSQL alone, p99 at ${CONNECTIONS} connections: ${floor.p99Ms.toFixed(1)} ms ` +
      `(the booking budget is < ${BUDGET_P99_MS} ms end to end: ${verdict(floor.p99Ms < BUDGET_P99_MS)})`,
  );
});
