/**
 * A Vitest reporter that prints the slowest test files and tests at the end of a run, so that a
 * test that grows slow is seen in every run (CI's time budget is 30 minutes).
 */
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 10;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class SlowestTests implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    const files = testModules
      .map((m) => ({ name: m.relativeModuleId, ms: m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SHOWN);
    const tests = testModules
      .flatMap((m) => [...m.children.allTests()])
      .map((t) => ({
        name: `${t.module.relativeModuleId} › ${t.fullName}`,
        ms: t.diagnostic()?.duration ?? 0,
      }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SHOWN);
    const lines = [
      `\nSlowest test files:`,
      ...files.map((f) => `  ${seconds(f.ms).padStart(8)}  ${f.name}`),
      `Slowest tests:`,
      ...tests.map((t) => `  ${seconds(t.ms).padStart(8)}  ${t.name}`),
    ];
    console.log(lines.join('\n'));
  }
}
