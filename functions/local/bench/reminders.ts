import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { db, tableName } from '../../lib/db.js';
import { trustedTenant } from '../../lib/keys.js';
import { indexAttributes, reservationKey, type ReservationRow } from '../../reservation-rows/entity.js';
import { reminderMarkerRow } from '../../reservation-rows/reminders.js';
import { CURSOR_KEY, sweepReminders } from '../../sweeps/reminders.js';
import { newTenant, putRows } from './helpers.js';
import type { BenchMeasure } from './types.js';

/** 10,000 by default; BENCH_REMINDERS for a quicker look on a busy machine. */
const DUE = Number(process.env.BENCH_REMINDERS ?? 10_000);

/**
 * The reminder sweep (docs/decisions/0232-reminder-sweep.md) with 10,000 reminders due in one hour bucket:
 * its wall time and DynamoDB reads (Query pages and GetItems), each reminder rendered, given its .ics
 * and cancel link and sent to the local SES emulator. The markers are due at a simulated time 30 days
 * ahead, so the runtime's own every-minute sweep never sees them; the cursor is put back afterwards.
 */
export const measures: BenchMeasure[] = [
  {
    name: 'reminderSweep',
    description: 'Reminder sweep: 10,000 due reminders, one run: time, reads per reminder, sent',
    measure: async (ctx) => {
      if (!ctx) return undefined;
      const token = await newTenant(ctx, 'reminders');
      const tenant = trustedTenant(String(decodeJwt(token).tenantId));
      const at = Math.ceil((Date.now() + 30 * 86_400_000) / 3_600_000) * 3_600_000; // the top of an hour
      const rows: Record<string, unknown>[] = [];
      for (let i = 0; i < DUE; i++) {
        const start = at + 120 * 60_000; // 2 hours after `at`: the 2-hour reminders are due from `at` - 59 min
        const id = randomUUID();
        const row: ReservationRow = {
          id,
          reservationNumber: `RES-${String(i + 1).padStart(6, '0')}`,
          kind: 'ITEM',
          status: 'ACTIVE',
          source: 'STAFF',
          customerId: `c${i}`,
          customer: {
            id: `c${i}`,
            firstName: 'Bench',
            lastName: `C${i}`,
            phone: '5550000000',
            email: `c${i}@bench.example`,
          },
          inventoryItemId: `item${i}`,
          inventoryItem: {
            id: `item${i}`,
            itemNumber: `GC-${i}`,
            name: 'Golf Cart',
            productType: { id: 'pt1', name: 'Golf Cart' },
            productVariant: null,
            condition: null,
            status: null,
            hourlyRate: 20,
            rates: [],
          },
          timeZone: 'America/New_York',
          startTime: new Date(start - (i % 3540) * 1000).toISOString(),
          endTime: new Date(start + 3_600_000).toISOString(),
          reservationDuration: 1,
          totalAmountCents: 2000,
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        };
        rows.push({ ...reservationKey(tenant, id), ...indexAttributes(tenant, row), ...row });
        rows.push(reminderMarkerRow(tenant, row, 120, Date.parse(row.startTime) - 120 * 60_000));
      }
      await putRows(rows);
      const saved = (await db().send(new GetCommand({ TableName: tableName(), Key: CURSOR_KEY, ConsistentRead: true })))
        .Item;
      await db().send(new DeleteCommand({ TableName: tableName(), Key: CURSOR_KEY }));
      const t0 = performance.now();
      // No run budget: the figure is the time all 10,000 take (in AWS each run stops claiming after 45 s).
      const run = await sweepReminders(at + 30_000, Number.POSITIVE_INFINITY);
      const ms = Math.round(performance.now() - t0);
      if (saved) await db().send(new PutCommand({ TableName: tableName(), Item: saved }));
      else await db().send(new DeleteCommand({ TableName: tableName(), Key: CURSOR_KEY }));
      return {
        due: DUE,
        sent: run.sent,
        failed: run.failed,
        ms,
        perReminderMs: Math.round((ms / Math.max(1, run.sent)) * 100) / 100,
        reads: run.reads,
        readsPerReminder: Math.round((run.reads / DUE) * 100) / 100,
      };
    },
  },
];
