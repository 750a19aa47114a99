import { App } from 'aws-cdk-lib';
import { readConfig } from './config.js';
import { EdgeStack } from './edge.js';
import { BackOfficeStack } from './stack.js';

/**
 * `npm run synth` / `npm run deploy`. Context (cdk.json or -c): stage, domainName + hostedZoneId
 * (+ hostedZoneName), mailFrom, sesIdentity, alarmEmail, logRetentionDays, sharpBundling. See docs/deploy.md.
 */
const app = new App();
const config = readConfig(app.node);
const region = process.env.CDK_DEFAULT_REGION;
// CloudFront's web ACL lives in us-east-1: a stack elsewhere gets it from a small stack there.
const edge =
  region && region !== 'us-east-1'
    ? new EdgeStack(app, `RentalBackOfficeEdge-${config.stage}`, {
        stage: config.stage,
        tenantHosts: config.domainName !== undefined,
        env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: 'us-east-1' },
      })
    : undefined;
new BackOfficeStack(app, `RentalBackOffice-${config.stage}`, {
  config,
  webAclArn: edge?.webAclArn,
  crossRegionReferences: edge !== undefined,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region },
  description: `Multi-tenant rental back office (${config.stage})`,
});
