import type { Reporter, TestModule } from 'vitest/node';

interface Span {
  start: number;
  end: number;
  files: number;
  /** The files' test and hook time. */
  summed: number;
  /** Environment, setup files and importing the test modules: the time a file spends before its first test. */
  loading: number;
  /** Each file's whole time (loading and tests), to name the slowest. */
  perFile: { file: string; ms: number }[];
}

/**
 * Prints each project's time (first file started to last file ended, the files' summed test time and
 * their loading time) and its slowest files, then `N passed, N failed, N skipped` alone on the last
 * line, the line CI reads as the count (docs/decisions/0256-a-fast-test-suite.md).
 */
export default class SummaryReporter implements Reporter {
  private readonly spans = new Map<string, Span>();

  onTestModuleStart(module: TestModule): void {
    const name = module.project.name || 'default';
    const span = this.spans.get(name);
    const now = Date.now();
    if (span) span.start = Math.min(span.start, now);
    else this.spans.set(name, { start: now, end: now, files: 0, summed: 0, loading: 0, perFile: [] });
  }

  onTestModuleEnd(module: TestModule): void {
    const span = this.spans.get(module.project.name || 'default');
    if (!span) return;
    span.end = Math.max(span.end, Date.now());
    span.files++;
    const d = module.diagnostic();
    const loading = d.environmentSetupDuration + d.setupDuration + d.collectDuration;
    span.summed += d.duration;
    span.loading += loading;
    span.perFile.push({ file: module.relativeModuleId, ms: loading + d.duration });
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
      const slowest = [...s.perFile]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 3)
        .map((f) => `${f.file} ${seconds(f.ms)}`)
        .join(', ');
      return (
        `  ${name.padEnd(14)} ${files}  ${seconds(s.end - s.start).padStart(7)} wall  ` +
        `${seconds(s.summed).padStart(7)} in files  ${seconds(s.loading).padStart(6)} loading\n` +
        `                 slowest, loading included: ${slowest}`
      );
    });
    if (lines.length) process.stdout.write(`\nTime per project:\n${lines.join('\n')}\n`);
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
