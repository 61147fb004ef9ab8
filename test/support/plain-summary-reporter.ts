import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the plain `N passed, N failed, N skipped` closing line that CI reads, after the slowest
 * files (where the suite's minutes go: CI has a time budget).
 */
export default class PlainSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    const slowest = testModules
      .map((mod) => ({ file: mod.relativeModuleId, seconds: mod.diagnostic().duration / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 12);
    console.log(`slowest files:\n${slowest.map((s) => `  ${s.seconds.toFixed(0).padStart(4)} s  ${s.file}`).join('\n')}`);
    console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
