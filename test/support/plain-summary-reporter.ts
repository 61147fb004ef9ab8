import type { Reporter, TestModule } from 'vitest/node';

/** Prints the plain `N passed, N failed, N skipped` closing line that CI reads. */
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
    console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
