import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { WEBHOOK_DISABLE_AFTER_MS } from '../../shared/domain/webhooks.js';
import { getOrganization } from '../auth/store.js';
import { tenantUrl } from '../auth/urls.js';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import type { TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { trySendMail } from '../lib/mail.js';
import { endpointKey, type EndpointRow } from '../lib/webhook-rows.js';
import { renderStoredEmail } from '../lib/template-store.js';
import { listUserRows } from '../users/store.js';
import { iso } from './worker-options.js';

/** Step 3: the failure streak; 5 days of it disables the endpoint and tells every administrator. */
export async function noteFailure(tenant: TenantId, endpoint: EndpointRow, nowMs: number): Promise<void> {
  let since: string | undefined;
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: endpointKey(tenant, endpoint.id),
        UpdateExpression: 'SET failingSince = if_not_exists(failingSince, :now)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': iso(nowMs) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    since = res.Attributes?.failingSince as string | undefined;
  } catch (e) {
    if (isConditionFailure(e)) return;
    throw e;
  }
  if (!since || nowMs - Date.parse(since) < WEBHOOK_DISABLE_AFTER_MS) return;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: endpointKey(tenant, endpoint.id),
        UpdateExpression: 'SET enabled = :off, disabledAt = :now, disabledReason = :why, updatedAt = :now',
        ConditionExpression: 'enabled = :on',
        ExpressionAttributeValues: {
          ':off': false,
          ':on': true,
          ':now': iso(nowMs),
          ':why': 'Failing for 5 days',
        },
      }),
    );
  } catch (e) {
    if (isConditionFailure(e)) return; // disabled already (by another worker, or a person): mailed once
    throw e;
  }
  logger.warn('webhook endpoint disabled after 5 days of failures', { tenant, endpointId: endpoint.id });
  await mailAdministrators(tenant, endpoint, since);
}

/** R-SET-10: every active administrator of the tenant hears that an endpoint was disabled. */
async function mailAdministrators(tenant: TenantId, endpoint: EndpointRow, failingSince: string): Promise<number> {
  const [org, users] = await Promise.all([getOrganization(tenant), listUserRows(tenant)]);
  const admins = users.filter((u) => u.role === 'BUSINESS_ADMIN' && u.isActive && u.email);
  const settingsUrl = org ? tenantUrl(org.subdomain, '/storefront/api').toString() : '';
  let sent = 0;
  for (const admin of admins) {
    const mail = await renderStoredEmail('webhook-endpoint-disabled', {
      firstName: admin.firstName,
      businessName: org?.name ?? '',
      url: endpoint.url,
      failingSince,
      settingsUrl,
    });
    if (await trySendMail({ to: admin.email, ...mail, tenant })) sent++;
  }
  return sent;
}
