import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { readConfig } from './config.js';
import { BackOfficeStack } from './stack.js';

/** One synth for a test file: the stack as `npm run synth` builds it, with the given context. */
export function synthStack(context: Record<string, unknown>): {
  stack: BackOfficeStack;
  template: Template;
  outdir: string;
} {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-test-'));
  const app = new App({ outdir, context });
  const stack = new BackOfficeStack(app, 'TestStack', {
    config: readConfig(app.node),
    env: { account: '123456789012', region: 'us-east-1' },
  });
  return { stack, template: Template.fromStack(stack), outdir };
}
