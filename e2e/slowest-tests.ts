/**
 * A Playwright reporter that prints the slowest browser tests at the end of a run, so that a
 * test that grows slow is seen in every run (CI's time budget is 30 minutes).
 */
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const SHOWN = 10;

export default class SlowestTests implements Reporter {
  private readonly durations: { name: string; ms: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? '';
    this.durations.push({
      name: `[${project}] ${test.titlePath().slice(2).join(' › ')}`,
      ms: result.duration,
    });
  }

  onEnd(): void {
    const slowest = [...this.durations].sort((a, b) => b.ms - a.ms).slice(0, SHOWN);
    console.log(
      [
        '\nSlowest browser tests:',
        ...slowest.map((t) => `  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.name}`),
      ].join('\n'),
    );
  }

  printsToStdio(): boolean {
    return true;
  }
}
