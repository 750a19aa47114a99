import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const quietEnv = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOG_LEVEL: 'SILENT', CDK_DISABLE_CLI_TELEMETRY: 'true' };

/**
 * Four kinds of test, one command (`npm test`):
 * - unit: plain functions (shared/, functions/, infra assertions), no I/O beyond synth;
 * - integration (*.int.test.ts): handlers against one DynamoDB Local started for the run, a table per file;
 * - web: components and rules under jsdom;
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
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'infra/**/*.test.ts', 'web/lint/**/*.test.ts', 'web/bench/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.e2e.test.ts', 'node_modules/**'],
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
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['./web/src/test-setup.ts'],
          env: quietEnv,
          // Chakra under jsdom on two shared cores: a dialog round trip can take seconds.
          testTimeout: 30_000,
        },
      },
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
