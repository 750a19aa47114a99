import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';
import { BackOfficeStack } from './stack.js';

// docs/decisions/0010-stack-checks.md: the AWS Solutions pack over the stack as deployed, a dev stage (no domain) and a
// production stage (with one). Stub code: the checks read the template, not the bundles. A built SPA
// stand-in, so CDK's deployment function is part of what is checked.
const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html>');

// A synthesis with every rule of the pack takes a minute or more on a busy machine.
const SYNTH_TIMEOUT = 240_000;

interface Violation {
  ruleName: string;
  severity: string;
  violatingResources: { constructPath?: string }[];
}

/** Synthesises with cdk-nag as a validation plugin and returns every error finding not acknowledged in code. */
function unacknowledgedErrors(context: Record<string, unknown>): string[] {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-nag-'));
  const app = new App({
    outdir,
    context: { ...context, codeStubs: true, webDist, '@aws-cdk/core:validationReportJson': true },
  });
  new BackOfficeStack(app, 'NagStack', {
    config: readConfig(app.node),
    env: { account: '123456789012', region: 'us-east-1' },
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  try {
    app.synth();
  } catch (e) {
    // Error findings fail the synthesis; the report says which.
    if (!String(e).includes('Validation failed')) throw e;
  }
  const report = JSON.parse(readFileSync(join(outdir, 'policy-validation-report.json'), 'utf8')) as {
    pluginReports: { violations: Violation[] }[];
  };
  return report.pluginReports
    .flatMap((r) => r.violations)
    .filter((v) => v.severity === 'error' || v.severity === 'fatal')
    .flatMap((v) => v.violatingResources.map((res) => `${v.ruleName} ${res.constructPath ?? '?'}`));
}

describe('cdk-nag AwsSolutions', () => {
  it(
    'finds nothing unacknowledged in a dev stage',
    () => {
      expect(unacknowledgedErrors({ stage: 'dev' })).toEqual([]);
    },
    SYNTH_TIMEOUT,
  );

  it(
    'finds nothing unacknowledged in a production stage with its domain',
    () => {
      expect(
        unacknowledgedErrors({ stage: 'prod', domainName: 'rentals.example.com', hostedZoneId: 'Z0123456789ABC' }),
      ).toEqual([]);
    },
    SYNTH_TIMEOUT,
  );
});
