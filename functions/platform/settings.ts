import { config } from '../lib/config.js';
import { FLUSH_MS } from '../lib/metering.js';
import { MODULE_CACHE_MS } from '../lib/modules.js';
import { DAILY_QUOTA } from '../lib/mail-log.js';

/** SES sending rate the provider panel states (R-PLAT-5). */
const SEND_RATE_PER_SECOND = 100;

/**
 * Platform settings (R-PLAT-6: loaded with the features, fields not shown): what this deployment
 * really runs with, read from its configuration. No endpoints, keys or secrets.
 */
export function platformSettingsOp() {
  const c = config();
  return {
    appBaseUrl: c.appBaseUrl,
    tenantUrlMode: c.tenantUrlMode,
    region: c.region,
    sessionHours: Math.round((c.tokenTtlSeconds / 3600) * 100) / 100,
    invitationTtlDays: c.invitationTtlDays,
    email: {
      provider: 'Amazon SES',
      from: c.mailFrom,
      sendRatePerSecond: SEND_RATE_PER_SECOND,
      dailyQuota: DAILY_QUOTA,
    },
    meteringFlushSeconds: FLUSH_MS / 1000,
    moduleCacheSeconds: MODULE_CACHE_MS / 1000,
  };
}
