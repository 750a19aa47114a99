import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';
import { BackOfficeStack } from './stack.js';
import { synthStack } from './synth.js';

// With a domain: the wildcard certificate and aliases that make every tenant subdomain work. Code
// stubs keep this second synth quick; bundling is covered by stack.test.ts.
const { template } = synthStack({
  stage: 'prod',
  domainName: 'rentals.example.com',
  hostedZoneId: 'Z0123456789ABC',
  codeStubs: true,
  webDist: '/nonexistent',
});
const resources = template.toJSON().Resources as Record<
  string,
  { Type: string; Properties: Record<string, any>; DeletionPolicy?: string }
>;
const ofType = (type: string) => Object.values(resources).filter((r) => r.Type === type);

describe('with domainName and hostedZoneId', () => {
  it('requests a DNS-validated certificate for the apex and *.domain', () => {
    template.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: 'rentals.example.com',
      SubjectAlternativeNames: ['*.rentals.example.com'],
      ValidationMethod: 'DNS',
    });
  });

  it('serves the apex and every tenant subdomain from the distribution', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['rentals.example.com', '*.rentals.example.com'],
        ViewerCertificate: Match.objectLike({ SslSupportMethod: 'sni-only', MinimumProtocolVersion: 'TLSv1.2_2021' }),
      }),
    });
  });

  it('points A and AAAA alias records for the apex and the wildcard at CloudFront', () => {
    // (the three DKIM CNAMEs of the SES identity are asserted in edge.test.ts)
    const aliases = ofType('AWS::Route53::RecordSet').filter(
      (r) => r.Properties.Type === 'A' || r.Properties.Type === 'AAAA',
    );
    const records = aliases.map((r) => `${r.Properties.Type} ${r.Properties.Name}`);
    expect(records.sort()).toEqual([
      'A *.rentals.example.com.',
      'A rentals.example.com.',
      'AAAA *.rentals.example.com.',
      'AAAA rentals.example.com.',
    ]);
    for (const r of aliases) {
      expect(r.Properties.HostedZoneId).toBe('Z0123456789ABC');
      expect(r.Properties.AliasTarget.DNSName).toEqual({
        'Fn::GetAtt': [expect.stringMatching(/^WebDistribution/), 'DomainName'],
      });
    }
  });

  it('builds tenant links on subdomains and sends mail from the domain', () => {
    const envs = ofType('AWS::Lambda::Function')
      .map((f) => f.Properties.Environment?.Variables)
      .filter((v) => v?.TENANT_URL_MODE);
    expect(envs.length).toBeGreaterThan(0);
    for (const v of envs) {
      expect(v.TENANT_URL_MODE).toBe('subdomain');
      expect(v.MAIL_FROM).toBe('no-reply@rentals.example.com');
    }
  });

  it('keeps data when the production stack is deleted', () => {
    const table = ofType('AWS::DynamoDB::Table')[0]!;
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.Properties.DeletionProtectionEnabled).toBe(true);
    for (const b of ofType('AWS::S3::Bucket')) expect(b.DeletionPolicy).toBe('Retain');
  });

  it('does not deploy an SPA that was not built', () => {
    template.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });

  it('refuses a region other than us-east-1, where CloudFront certificates must live', () => {
    // Construction only, no synth: the check runs while the certificate is created.
    const app = new App({
      outdir: mkdtempSync(join(tmpdir(), 'cdk-test-')),
      context: { domainName: 'rentals.example.com', hostedZoneId: 'Z0123456789ABC', codeStubs: true },
    });
    expect(
      () =>
        new BackOfficeStack(app, 'Elsewhere', {
          config: readConfig(app.node),
          env: { account: '123456789012', region: 'eu-west-1' },
        }),
    ).toThrow(/us-east-1/);
  });
});
