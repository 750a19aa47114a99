import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Node } from 'constructs';
import { isEmail } from '../shared/domain/email.js';

/** The repository root: entries and the lock file are resolved from here, wherever cdk runs. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** How sharp gets into the resize bundle (see docs/deploy.md "sharp"). */
export type SharpBundling = 'install' | 'external';

/** Everything the stack reads from CDK context, parsed and defaulted in one place. */
export interface InfraConfig {
  stage: string;
  /** stage=prod: data is retained on stack deletion, deletion protection on the table. */
  isProd: boolean;
  domainName?: string;
  hostedZoneId?: string;
  /** The Route53 zone's own name when the domain is below the zone apex; defaults to domainName. */
  hostedZoneName?: string;
  mailFrom: string;
  /** SES identity (ARN, domain or address) that functions may send as. */
  sesIdentity?: string;
  logRetentionDays: number;
  alarmEmail?: string;
  sharpBundling: SharpBundling;
  /** Tests of unrelated aspects only: inline stub code instead of esbuild bundles. */
  codeStubs: boolean;
  /** Absolute path of the built SPA; the web bucket deployment is skipped when it is absent. */
  webDist: string;
  webDistPresent: boolean;
}

function str(node: Node, key: string): string | undefined {
  const v: unknown = node.tryGetContext(key);
  if (v === undefined || v === null || v === '') return undefined;
  return String(v);
}

// `-c flag=true` arrives as a string, cdk.json and tests may pass real booleans.
function bool(node: Node, key: string, fallback: boolean): boolean {
  const v: unknown = node.tryGetContext(key);
  if (v === undefined || v === null || v === '') return fallback;
  return v === true || v === 'true' || v === '1';
}

export function readConfig(node: Node): InfraConfig {
  const stage = str(node, 'stage') ?? 'dev';
  const domainName = str(node, 'domainName')?.replace(/\.$/, '').toLowerCase();
  const hostedZoneId = str(node, 'hostedZoneId');
  if ((domainName === undefined) !== (hostedZoneId === undefined)) {
    throw new Error(
      'Pass both context values domainName and hostedZoneId (or neither, to serve on the CloudFront domain)',
    );
  }
  // 'install' (default) puts sharp's linux-arm64 build into the resize bundle with npm (from the
  // npm cache or the registry); 'external' leaves it out, for a synth where neither is reachable.
  const sharp = str(node, 'sharpBundling') ?? 'install';
  if (sharp !== 'install' && sharp !== 'external')
    throw new Error(`sharpBundling must be 'install' or 'external', not '${sharp}'`);
  // Every dead-letter queue and error alarm mails this address (infra/alarms.ts): a value that is no
  // address fails the synth rather than leaving the alarms unheard
  // (docs/decisions/0257-batch-reads-paging-dead-letters.md).
  const alarmEmail = str(node, 'alarmEmail');
  if (alarmEmail !== undefined && !isEmail(alarmEmail))
    throw new Error(
      `alarmEmail must be an e-mail address (dead-letter and error alarms go there), not '${alarmEmail}'`,
    );
  const days = Number(str(node, 'logRetentionDays') ?? 30);
  const dist = str(node, 'webDist') ?? 'web/dist';
  const webDist = isAbsolute(dist) ? dist : join(REPO_ROOT, dist);
  return {
    stage,
    isProd: stage === 'prod',
    domainName,
    hostedZoneId,
    hostedZoneName: str(node, 'hostedZoneName') ?? domainName,
    mailFrom: str(node, 'mailFrom') ?? (domainName ? `no-reply@${domainName}` : 'no-reply@example.com'),
    sesIdentity: str(node, 'sesIdentity'),
    logRetentionDays: Number.isFinite(days) && days > 0 ? days : 30,
    alarmEmail,
    sharpBundling: sharp,
    codeStubs: bool(node, 'codeStubs', false),
    webDist,
    webDistPresent: existsSync(join(webDist, 'index.html')),
  };
}
