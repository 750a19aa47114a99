/**
 * One helper for every audited mutation (architecture habit 6, docs/decisions/0108-reservations-audited-writes.md): it builds ONE
 * TransactWriteItems from NAMED parts and adds, in the very same transaction, the log rows, the
 * counter updates and the live events. Either all of it lands or none of it does, so a log, a count
 * or the dashboard stream can never disagree with the data.
 *
 * API
 *   const w = auditedWrite(tenant)                    // a builder for one transaction
 *     .put('reservation', item, { condition: 'attribute_not_exists(pk)' })
 *     .update('item', key, { update: 'SET #s = :s', condition: '#s = :old', names, values })
 *     .delete('marker', key, { condition: 'attribute_exists(pk)' })
 *     .check('variant', key, { condition: 'productTypeId = :t', values })
 *     .log(logItem)                                    // a full row (keys included), put unconditionally
 *     .count(statsKey, { total: 1, active: 1 })        // ADD deltas to a counter row (zeros dropped;
 *                                                      //   several calls on one row merge into one Update)
 *     .event('reservation-created', payload);          // functions/lib/live-events.ts row
 *   await w.commit();                                  // throws WriteFailed when DynamoDB cancels
 *
 *   try { await w.commit() } catch (e) {
 *     if (e instanceof WriteFailed && e.failed.includes('item')) throw conflict('...');  // by NAME
 *     if (e instanceof WriteFailed && e.contended) { ...re-read and retry: lib/optimistic.ts... }
 *     throw e;
 *   }
 *
 * WriteFailed.failed lists the names of the parts whose condition failed (CancellationReasons
 * mapped by index to the names given here, never by array position in the caller);
 * WriteFailed.contended is true when DynamoDB cancelled because another transaction touched the
 * same rows (TransactionConflict): a retry after re-reading usually succeeds.
 * Names must be unique within a write (the helper refuses a duplicate: a programming error).
 * A write holds at most 100 parts (DynamoDB's limit), logs, counters and events included.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './db.js';
import type { Key, TenantId } from './keys.js';
import { liveEventPut, type LiveEventType } from './live-events.js';
import { logger } from './logger.js';
import { loadOnce } from './load-once.js';

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];
type Names = Record<string, string>;
type Values = Record<string, unknown>;

interface ConditionOptions {
  condition?: string;
  names?: Names;
  values?: Values;
}
interface UpdateOptions extends ConditionOptions {
  update: string;
}

export class WriteFailed extends Error {
  constructor(
    /** Names of the parts whose condition failed. */
    readonly failed: string[],
    /** True when another transaction on the same rows caused the cancellation. */
    readonly contended: boolean,
    override readonly cause: unknown,
  ) {
    super(`Transaction cancelled${failed.length ? `: ${failed.join(', ')} failed` : contended ? ': contended' : ''}`);
    this.name = 'WriteFailed';
  }
}

const MAX_PARTS = 100;
/** The webhook outbox, loaded at the first write with live events: off every area's cold-start path. */
const webhookOutbox = /* @__PURE__ */ loadOnce(() => import('./webhook-outbox.js'));

export class AuditedWrite {
  private readonly parts: { name: string; item: TransactItem }[] = [];
  private readonly counters = new Map<string, { key: Key; name: string; deltas: Map<string, number> }>();
  private logs = 0;
  private events = 0;
  /** The live events of this write, for the webhook outbox (R-SET-10). */
  private readonly announced: { type: string; data: unknown }[] = [];
  private outboxAdded = false;
  private readonly after: (() => Promise<unknown>)[] = [];

  constructor(readonly tenant: TenantId) {}

  /** Raw part, for shapes the helpers below do not cover. */
  part(name: string, item: TransactItem): this {
    if (this.parts.some((p) => p.name === name) || [...this.counters.values()].some((c) => c.name === name))
      throw new Error(`Duplicate part name ${name}`);
    this.parts.push({ name, item });
    return this;
  }

  put(name: string, item: Record<string, unknown>, o: ConditionOptions = {}): this {
    return this.part(name, { Put: { TableName: tableName(), Item: item, ...cond(o) } });
  }

  update(name: string, key: Key, o: UpdateOptions): this {
    return this.part(name, {
      Update: { TableName: tableName(), Key: { ...key }, UpdateExpression: o.update, ...cond(o) },
    });
  }

  delete(name: string, key: Key, o: ConditionOptions = {}): this {
    return this.part(name, { Delete: { TableName: tableName(), Key: { ...key }, ...cond(o) } });
  }

  check(name: string, key: Key, o: ConditionOptions & { condition: string }): this {
    return this.part(name, { ConditionCheck: { TableName: tableName(), Key: { ...key }, ...cond(o) } as never });
  }

  /** A log row (keys included), put with the change it describes. */
  log(item: Record<string, unknown>): this {
    return this.put(`log#${this.logs++}`, item);
  }

  /** ADD deltas to the counter row `key`; repeated calls on one row merge. */
  count(key: Key, deltas: Record<string, number>): this {
    const id = `${key.pk}\u0000${key.sk}`;
    let c = this.counters.get(id);
    if (!c) {
      c = { key, name: `count:${key.sk}`, deltas: new Map() };
      this.counters.set(id, c);
    }
    for (const [k, n] of Object.entries(deltas)) c.deltas.set(k, (c.deltas.get(k) ?? 0) + n);
    return this;
  }

  /**
   * Work that follows the transaction once it has landed (the waitlist's immediate offers, R-SVC-9):
   * run in order after a successful commit, each failure logged and swallowed (the write stands, and
   * whatever the work was for has its own marker for a sweep).
   */
  afterCommit(fn: () => Promise<unknown>): this {
    this.after.push(fn);
    return this;
  }

  event(type: LiveEventType, payload: unknown): this {
    this.announced.push({ type, data: payload });
    return this.part(`event#${this.events++}:${type}`, liveEventPut(this.tenant, type, payload) as TransactItem);
  }

  /**
   * The webhook outbox (R-SET-10, docs/decisions/0231-webhooks.md): for each live event some enabled endpoint
   * of the tenant subscribes to, an outbox row in this very transaction, so a delivery can never be
   * lost nor announce a change that did not land. One row per event; should that pass the 100-part
   * limit, one row carries them all. Whoever writes (staff app, API key, public booking, sweep), the
   * same events go out.
   */
  private async addWebhookOutbox(): Promise<void> {
    if (this.outboxAdded || !this.announced.length) return;
    this.outboxAdded = true;
    const { outboxItem, subscribedEvents } = await webhookOutbox.get();
    const wanted = await subscribedEvents(this.tenant, this.announced);
    if (!wanted.length) return;
    const nowMs = Date.now();
    const rows =
      this.build().items.length + wanted.length <= MAX_PARTS
        ? wanted.map((e, i) => outboxItem(this.tenant, [e], { nowMs, firstIndex: i }))
        : [outboxItem(this.tenant, wanted, { nowMs })];
    rows.forEach((item, i) => this.put(`webhook-outbox#${i}`, item, { condition: 'attribute_not_exists(pk)' }));
  }

  /** The parts as they will be sent, in order, with their names (counters last). */
  build(): { names: string[]; items: TransactItem[] } {
    const all = [...this.parts];
    for (const c of this.counters.values()) {
      const entries = [...c.deltas].filter(([, n]) => n !== 0);
      if (!entries.length) continue;
      const names: Names = {};
      const values: Values = {};
      const adds = entries.map(([k, n], i) => {
        names[`#c${i}`] = k;
        values[`:c${i}`] = n;
        return `#c${i} :c${i}`;
      });
      all.push({
        name: c.name,
        item: {
          Update: {
            TableName: tableName(),
            Key: { ...c.key },
            UpdateExpression: `ADD ${adds.join(', ')}`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          },
        },
      });
    }
    if (all.length > MAX_PARTS) throw new Error(`A transaction holds at most ${MAX_PARTS} parts (${all.length})`);
    return { names: all.map((p) => p.name), items: all.map((p) => p.item) };
  }

  get size(): number {
    return this.build().items.length;
  }

  async commit(): Promise<void> {
    await this.addWebhookOutbox();
    const { names, items } = this.build();
    if (!items.length) return;
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
    } catch (e) {
      throw explainCancellation(e, names);
    }
    for (const fn of this.after) {
      try {
        await fn();
      } catch (e) {
        logger.warn('work after a write failed', { error: e as Error });
      }
    }
  }
}

export function auditedWrite(tenant: TenantId): AuditedWrite {
  return new AuditedWrite(tenant);
}

/** Maps a TransactionCanceledException's reasons by index to part names; other errors pass through. */
export function explainCancellation(e: unknown, names: readonly string[]): unknown {
  const err = e as { name?: string; CancellationReasons?: { Code?: string }[] };
  if (err?.name !== 'TransactionCanceledException') return e;
  const reasons = err.CancellationReasons ?? [];
  const failed = reasons.flatMap((r, i) => (r?.Code === 'ConditionalCheckFailed' ? [names[i] ?? `#${i}`] : []));
  const contended = reasons.some((r) => r?.Code === 'TransactionConflict');
  return new WriteFailed(failed, contended, e);
}

function cond(o: ConditionOptions) {
  return {
    ...(o.condition ? { ConditionExpression: o.condition } : {}),
    ...(o.names && Object.keys(o.names).length ? { ExpressionAttributeNames: o.names } : {}),
    ...(o.values && Object.keys(o.values).length ? { ExpressionAttributeValues: o.values } : {}),
  };
}
