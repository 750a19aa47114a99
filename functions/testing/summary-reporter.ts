import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints each project's time (first file started to last file ended, and the files' summed time), then
 * `N passed, N failed, N skipped` alone on the last line, the line CI reads as the count.
 */
export default class SummaryReporter implements Reporter {
  private readonly spans = new Map<string, { start: number; end: number; files: number; summed: number }>();

  onTestModuleStart(module: TestModule): void {
    const name = module.project.name || 'default';
    const span = this.spans.get(name);
    const now = Date.now();
    if (span) span.start = Math.min(span.start, now);
    else this.spans.set(name, { start: now, end: now, files: 0, summed: 0 });
  }

  onTestModuleEnd(module: TestModule): void {
    const span = this.spans.get(module.project.name || 'default');
    if (!span) return;
    span.end = Math.max(span.end, Date.now());
    span.files++;
    span.summed += module.diagnostic().duration;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const s = t.result().state;
        if (s === 'passed') passed++;
        else if (s === 'failed') failed++;
        else skipped++;
      }
      if (m.state() === 'failed' && [...m.children.allTests()].length === 0) failed++;
    }
    const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
    const lines = [...this.spans].map(([name, s]) => {
      const files = `${String(s.files).padStart(4)} files`;
      return `  ${name.padEnd(12)} ${files}  ${seconds(s.end - s.start).padStart(7)} wall  ${seconds(s.summed).padStart(7)} in files`;
    });
    if (lines.length) process.stdout.write(`\nTime per project:\n${lines.join('\n')}\n`);
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
