import { App } from 'aws-cdk-lib';
import { readConfig } from './config.js';
import { BackOfficeStack } from './stack.js';

/**
 * `npm run synth` / `npm run deploy`. Context (cdk.json or -c): stage, domainName + hostedZoneId
 * (+ hostedZoneName), mailFrom, sesIdentity, alarmEmail, logRetentionDays, sharpBundling. See docs/deploy.md.
 */
const app = new App();
const config = readConfig(app.node);
new BackOfficeStack(app, `RentalBackOffice-${config.stage}`, {
  config,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  description: `Multi-tenant rental back office (${config.stage})`,
});
