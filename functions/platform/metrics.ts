import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config.js';
import { db, tableName } from '../lib/db.js';
import { s3 } from '../lib/files.js';
import { keys, trustedTenant, type TenantId } from '../lib/keys.js';
import { usageOp } from './analytics.js';
import { existingTenant } from './modules.js';

/**
 * Tenant figures (issue 17), all measured. Per tenant ONE Query of its partition's `STATS#` rows
 * (kept on write by inventory, reservations, customers and payments) and ONE Query of its `USER#`
 * rows projected to `isActive, lastLoginAt` (users and active users today from sign-ins). The list
 * of tenants is the `ORGS` index. Figures nobody records yet are left out, not invented.
 */
type Row = Record<string, unknown>;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

async function queryAll(input: ConstructorParameters<typeof QueryCommand>[0]): Promise<Row[]> {
  const out: Row[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    out.push(...((res.Items ?? []) as Row[]));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

export async function listOrganizations(): Promise<Row[]> {
  return queryAll({ TableName: tableName(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'ORGS' }, ScanIndexForward: false });
}

const startOfUtcDay = () => `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;

async function tenantFigures(tenant: TenantId) {
  const [stats, users] = await Promise.all([
    queryAll({ TableName: tableName(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)', ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':s': 'STATS#' } }),
    queryAll({ TableName: tableName(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)', ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':s': 'USER#' }, ProjectionExpression: 'isActive, lastLoginAt' }),
  ]);
  const byName = new Map(stats.map((r) => [String(r.sk).slice('STATS#'.length), r]));
  const since = startOfUtcDay();
  const inv = byName.get('inventory');
  const res = byName.get('reservations');
  return {
    totalUsers: users.length,
    activeUsersToday: users.filter((u) => typeof u.lastLoginAt === 'string' && u.lastLoginAt >= since).length,
    activeReservations: num(res?.active),
    overdueReservations: num(res?.overdue),
    totalItems: num(inv?.total),
    totalCustomers: num(byName.get('customers')?.total),
  };
}

/** Health score by written rules: start at 100, minus 30 per high and 15 per medium issue, never below 0. */
function health(f: Awaited<ReturnType<typeof tenantFigures>>) {
  const issues: { message: string; description: string; severity: 'high' | 'medium' | 'other' }[] = [];
  if (f.overdueReservations >= 5) issues.push({ message: 'Overdue reservations piling up', description: `${f.overdueReservations} reservations are past their end time`, severity: f.overdueReservations >= 20 ? 'high' : 'medium' });
  if (f.totalUsers === 0) issues.push({ message: 'No users', description: 'The organization has no user accounts', severity: 'medium' });
  const score = Math.max(0, 100 - issues.reduce((s, i) => s + (i.severity === 'high' ? 30 : i.severity === 'medium' ? 15 : 5), 0));
  return { healthScore: score, issues: issues.length, healthIssues: issues };
}

const STATUSES = ['ACTIVE', 'TRIAL', 'SUSPENDED', 'INACTIVE'] as const;
const statusOf = (s: unknown) => (STATUSES as readonly string[]).includes(String(s)) ? (String(s) as (typeof STATUSES)[number]) : 'ACTIVE';

export async function tenantMetricsOp() {
  const orgs = await listOrganizations();
  const tenants = await Promise.all(
    orgs.map(async (o) => {
      const tenant = trustedTenant(String(o.pk).slice(2));
      const f = await tenantFigures(tenant);
      return {
        id: tenant as string, name: String(o.name ?? ''), subdomain: String(o.subdomain ?? ''), status: statusOf(o.status), createdAt: String(o.createdAt ?? ''),
        metrics: { totalUsers: f.totalUsers, activeUsersToday: f.activeUsersToday, activeReservations: f.activeReservations, totalItems: f.totalItems, totalCustomers: f.totalCustomers, overdueReservations: f.overdueReservations, ...health(f) },
      };
    }),
  );
  return { tenants, generatedAt: new Date().toISOString() };
}

export async function overviewMetricsOp() {
  const [{ tenants }, usage] = await Promise.all([tenantMetricsOp(), usageOp('1d')]);
  const sum = (k: 'totalUsers' | 'activeUsersToday' | 'totalItems' | 'activeReservations') => tenants.reduce((s, t) => s + t.metrics[k], 0);
  return {
    totalTenants: tenants.length,
    activeTenants: tenants.filter((t) => t.status === 'ACTIVE').length,
    activeUsers: sum('activeUsersToday'),
    totalUsers: sum('totalUsers'),
    totalItems: sum('totalItems'),
    activeReservations: sum('activeReservations'),
    apiCalls24h: usage.totalApiCalls,
  };
}

export async function tenantDetailsOp(id: string) {
  const { tenant, org } = await existingTenant(id);
  const rows = await queryAll({ TableName: tableName(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)', ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':s': 'USER#' }, ProjectionExpression: 'id, firstName, lastName, username, #r, isActive, lastLoginAt', ExpressionAttributeNames: { '#r': 'role' } });
  return {
    organization: { id: tenant as string, name: String(org.name ?? ''), subdomain: String(org.subdomain ?? ''), status: statusOf(org.status), createdAt: String(org.createdAt ?? '') },
    users: rows.map((u) => ({
      id: String(u.id ?? ''), name: `${String(u.firstName ?? '')} ${String(u.lastName ?? '')}`.trim(), username: String(u.username ?? ''),
      role: String(u.role ?? ''), isActive: u.isActive !== false, lastLoginAt: typeof u.lastLoginAt === 'string' ? u.lastLoginAt : null,
    })),
  };
}

type CheckStatus = 'healthy' | 'unhealthy';
async function probe(fn: () => Promise<unknown>): Promise<{ status: CheckStatus; latencyMs: number; message?: string }> {
  const t0 = performance.now();
  try {
    await Promise.race([fn(), new Promise((_r, rej) => setTimeout(() => rej(new Error('timed out after 3 s')), 3000))]);
    return { status: 'healthy', latencyMs: Math.round(performance.now() - t0) };
  } catch (e) {
    return { status: 'unhealthy', latencyMs: Math.round(performance.now() - t0), message: (e as Error).message.slice(0, 200) };
  }
}

/** Probes the table and the uploads bucket for real. Sweep heartbeats and the mail service are not probed yet. */
export async function healthOp() {
  const [database, uploads] = await Promise.all([
    probe(() => db().send(new GetCommand({ TableName: tableName(), Key: { pk: 'HEALTH', sk: 'PROBE' } }))),
    probe(() => s3().send(new HeadBucketCommand({ Bucket: config().uploadsBucket }))),
  ]);
  const checks = { database: { name: 'Database (DynamoDB table)', ...database }, uploads: { name: 'Uploads bucket (S3)', ...uploads } };
  const list = Object.values(checks);
  const unhealthy = list.filter((c) => c.status === 'unhealthy').length;
  const status: 'healthy' | 'degraded' | 'unhealthy' = unhealthy === 0 ? 'healthy' : checks.database.status === 'unhealthy' ? 'unhealthy' : 'degraded';
  return { overall: status, status, summary: { healthy: list.length - unhealthy, unhealthy }, checks, checkedAt: new Date().toISOString() };
}

