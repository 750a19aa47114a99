import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const quietEnv = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOG_LEVEL: 'SILENT', CDK_DISABLE_CLI_TELEMETRY: 'true' };

/**
 * What a test file may leave behind for the next file in its worker: a module mock, a stubbed
 * variable or global, fake timers, process.env or a global set by hand. Such files run isolated
 * (a fresh module graph each); the rest of the unit and web files share one per worker, so
 * aws-cdk-lib, the AWS SDK, Chakra and jsdom load once per worker instead of once per file
 * (docs/decisions/0256-a-fast-test-suite.md). Vitest restores spies after each file either way. A file
 * that leaves something else behind says so on a line of its own: `// Runs isolated: <why>`.
 */
const LEAVES_STATE =
  /\bvi\.(mock|doMock|unmock|stubEnv|stubGlobal|resetModules|useFakeTimers)\b|process\.env(\.\w+|\[[^\]]+\])\s*=(?!=)|delete process\.env|(globalThis|window|document)\.\w+\s*=(?!=)|^\/\/ Runs isolated:/m;

/** The test files under `dirs` (relative to this directory) whose name passes `keep`. */
function testFiles(dirs: string[], keep: (name: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'dist') walk(path);
      } else if (keep(e.name)) found.push(path);
    }
  };
  for (const d of dirs) walk(d);
  return found.sort();
}
const leavesState = (file: string) => LEAVES_STATE.test(readFileSync(file, 'utf8'));

const unitFiles = testFiles(
  ['shared', 'functions', 'infra', 'web/lint', 'web/bench'],
  (n) => n.endsWith('.test.ts') && !n.endsWith('.int.test.ts') && !n.endsWith('.e2e.test.ts'),
);
const webFiles = testFiles(['web/src'], (n) => /\.test\.tsx?$/.test(n));
const isolatedUnit = unitFiles.filter(leavesState);
const isolatedWeb = webFiles.filter(leavesState);

/**
 * Four kinds of test, one command (`npm test`):
 * - unit: plain functions (shared/, functions/, infra assertions), no I/O beyond synth (unit-isolated: those
 *   that leave state behind, see LEAVES_STATE);
 * - integration (*.int.test.ts): handlers against one DynamoDB Local started for the run, a table per file;
 * - web: components and rules under jsdom (web-isolated: as for unit);
 * - e2e (*.e2e.test.ts): Chromium against one local runtime for the run; two files at once, each in
 *   organizations of its own (docs/decisions/a-fast-test-suite.md).
 */
export default defineConfig({
  test: {
    reporters: ['default', './functions/testing/summary-reporter.ts'],
    // Two files at once even on two cores: integration and browser files mostly wait on DynamoDB Local
    // and Chromium, which run in their own processes (docs/decisions/0256-a-fast-test-suite.md).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: unitFiles.filter((f) => !isolatedUnit.includes(f)),
          isolate: false,
          env: quietEnv,
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          environment: 'node',
          include: isolatedUnit,
          env: quietEnv,
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['functions/**/*.int.test.ts'],
          globalSetup: ['./functions/testing/global-setup.ts'],
          env: quietEnv,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      ...[
        { name: 'web', include: webFiles.filter((f) => !isolatedWeb.includes(f)), isolate: false },
        { name: 'web-isolated', include: isolatedWeb, isolate: true },
      ].map((p) => ({
        plugins: [react()],
        test: {
          ...p,
          environment: 'jsdom',
          setupFiles: ['./web/src/test-setup.ts'],
          env: quietEnv,
          // Chakra under jsdom on two shared cores: a dialog round trip can take seconds.
          testTimeout: 30_000,
        },
      })),
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['web/e2e/**/*.e2e.test.ts'],
          globalSetup: ['./web/e2e/global-setup.ts'],
          env: quietEnv,
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
