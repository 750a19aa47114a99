import { randomUUID } from 'node:crypto';
import { auditedWrite, WriteFailed } from '../lib/audited-write.js';
import { nowIso } from '../lib/db.js';
import { conflict } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import { forgetSessions } from '../lib/middlewares/authenticate.js';
import { forgetOrganizationStatuses } from '../lib/modules.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { existingTenant } from './organizations.js';
import type { OrganizationRecord } from '../auth/entity.js';

/**
 * Suspend / reactivate a tenant (docs/decisions/0192-platform-suspension.md, beyondSpec). The organization row's `status` becomes
 * SUSPENDED (the status it had is kept in `statusBeforeSuspension`) in one audited transaction with
 * a log row `ORGLOG#{at}#{uuid}` under the tenant (action, actor, from, to). What follows:
 * - sign-in answers 403 'Your organization has been suspended. Please contact support.' (auth/login.ts);
 * - every tenant route answers 403 OrganizationSuspended within ORG_STATUS_CACHE_MS (5 s, the
 *   pipeline's gate, functions/lib/modules.ts), and the session check ends the session (401) within
 *   SESSION_CHECK_TTL_MS (30 s);
 * - its share links read LINK_EXPIRED (services/public.ts, same 5 s cache).
 * Reactivating restores the earlier status (ACTIVE or TRIAL). INACTIVE organizations are neither.
 */
type Status = OrganizationRecord['status'];

const orgLogKey = (tenant: TenantId) => keys.entity(tenant, 'ORGLOG', `${nowIso()}#${randomUUID()}`);

function view(tenant: TenantId, org: OrganizationRecord, status: Status) {
  return { id: tenant as string, name: org.name, subdomain: org.subdomain, status, createdAt: org.createdAt };
}

async function setStatus(id: string, actor: string, suspend: boolean) {
  return optimistic(
    async () => {
      const { tenant, org } = await existingTenant(id);
      const current = org.status;
      if (current === 'INACTIVE')
        throw conflict('This organization is inactive; it cannot be suspended or reactivated');
      if (suspend ? current === 'SUSPENDED' : current !== 'SUSPENDED')
        return { success: true, organization: view(tenant, org, current) };
      const next: Status = suspend ? 'SUSPENDED' : org.statusBeforeSuspension === 'TRIAL' ? 'TRIAL' : 'ACTIVE';
      const at = nowIso();
      const w = auditedWrite(tenant);
      w.update(
        'organization',
        keys.organization(tenant),
        suspend
          ? {
              update:
                'SET #s = :next, statusBeforeSuspension = :cur, suspendedAt = :at, suspendedBy = :by, updatedAt = :at',
              condition: '#s = :cur',
              names: { '#s': 'status' },
              values: { ':next': next, ':cur': current, ':at': at, ':by': actor },
            }
          : {
              update:
                'SET #s = :next, reactivatedAt = :at, reactivatedBy = :by, updatedAt = :at REMOVE statusBeforeSuspension, suspendedAt, suspendedBy',
              condition: '#s = :cur',
              names: { '#s': 'status' },
              values: { ':next': next, ':cur': current, ':at': at, ':by': actor },
            },
      );
      w.log({
        ...orgLogKey(tenant),
        action: suspend ? 'SUSPENDED' : 'REACTIVATED',
        actorUserId: actor,
        from: current,
        to: next,
        createdAt: at,
      });
      try {
        await w.commit();
      } catch (e) {
        // changed meanwhile: judge again
        return retryWhen(e, e instanceof WriteFailed && (e.failed.includes('organization') || e.contended));
      }
      // This function's caches; the other warm functions' expire within 5 s (gate) and 30 s (session).
      // A suspension keeps this function's session cache: the gate's 403 answers first, as elsewhere.
      forgetOrganizationStatuses();
      if (!suspend) forgetSessions();
      return { success: true, organization: view(tenant, org, next) };
    },
    () => {
      throw conflict('The organization changed at the same time; please try again');
    },
  );
}

export const suspendTenantOp = (id: string, actor: string) => setStatus(id, actor, true);
export const reactivateTenantOp = (id: string, actor: string) => setStatus(id, actor, false);
