/**
 * Everything a handler needs from its environment, read once. Lambda gets these from the CDK stack,
 * the local runtime sets them before it loads the handlers. Domain code never asks "am I local?".
 */
interface Config {
  tableName: string;
  region: string;
  dynamoEndpoint?: string;
  s3Endpoint?: string;
  sesEndpoint?: string;
  uploadsBucket: string;
  mailFrom: string;
  /** Where people reach the product: http://localhost:3000 locally, https://example.com hosted. */
  appBaseUrl: string;
  /** 'subdomain': tenants at {sub}.{host}; 'path': tenants at {host}/{sub}/ (no wildcard domain). */
  tenantUrlMode: 'subdomain' | 'path';
  tokenTtlSeconds: number;
  invitationTtlDays: number;
  /**
   * The local runtime only (env WEBHOOKS_ALLOW_LOCAL=1): webhook endpoints may be `http://localhost` and
   * `http://127.0.0.1` (docs/requirements/settings.md R-SET-10); deployed stages refuse them.
   */
  webhooksAllowLocal: boolean;
}

function env(name: string, fallback?: string): string {
  const v = process.env[name];
  if (v !== undefined && v !== '') return v;
  if (fallback !== undefined) return fallback;
  throw new Error(`Missing environment variable ${name}`);
}

let cached: Config | undefined;
/** The sender where none is configured (local runtime, tests): a dotted domain, as the one e-mail rule asks (shared/domain/email.ts). */
export const LOCAL_MAIL_FROM = 'no-reply@mail.localhost';

export function config(): Config {
  if (cached) return cached;
  cached = {
    tableName: env('TABLE_NAME'),
    region: env('AWS_REGION', 'us-east-1'),
    dynamoEndpoint: process.env.DYNAMODB_ENDPOINT || undefined,
    s3Endpoint: process.env.S3_ENDPOINT || undefined,
    sesEndpoint: process.env.SES_ENDPOINT || undefined,
    uploadsBucket: env('UPLOADS_BUCKET', 'uploads'),
    mailFrom: env('MAIL_FROM', LOCAL_MAIL_FROM),
    appBaseUrl: env('APP_BASE_URL', 'http://localhost:3000').replace(/\/+$/, ''),
    tenantUrlMode: env('TENANT_URL_MODE', 'subdomain') === 'path' ? 'path' : 'subdomain',
    tokenTtlSeconds: Number(env('TOKEN_TTL_SECONDS', String(12 * 3600))),
    invitationTtlDays: Number(env('INVITATION_TTL_DAYS', '7')),
    webhooksAllowLocal: process.env.WEBHOOKS_ALLOW_LOCAL === '1',
  };
  return cached;
}

/** Tests and the local runtime change the environment between runs. */
export function resetConfig(): void {
  cached = undefined;
}
