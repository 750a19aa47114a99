import { describe, expect, it } from 'vitest';
import { auditedWrite, explainCancellation, WriteFailed } from './audited-write.js';
import { trustedTenant } from './keys.js';

process.env.TABLE_NAME ??= 'unit-table';
const tenant = trustedTenant('t1');
const key = (sk: string) => ({ pk: 'T#t1', sk });

describe('audited-write', () => {
  it('names parts, merges counter deltas per row and drops zeros, puts logs and events in the same write', () => {
    const w = auditedWrite(tenant)
      .put('reservation', { ...key('RESERVATION#1'), a: 1 }, { condition: 'attribute_not_exists(pk)' })
      .update('item', key('ITEM#1'), {
        update: 'SET #s = :s',
        condition: '#s = :old',
        names: { '#s': 'status' },
        values: { ':s': 'IN_USE', ':old': 'AVAILABLE' },
      })
      .log({ ...key('RESLOG#x'), action: 'CREATED' })
      .count(key('STATS#reservations'), { total: 1, active: 1 })
      .count(key('STATS#reservations'), { active: -1, cancelled: 1 })
      .event('stats-updated', {});
    const { names, items } = w.build();
    expect(names).toEqual(['reservation', 'item', 'log#0', 'event#0:stats-updated', 'count:STATS#reservations']);
    const counter = items[4] as {
      Update: {
        UpdateExpression: string;
        ExpressionAttributeNames: Record<string, string>;
        ExpressionAttributeValues: Record<string, number>;
      };
    };
    expect(counter.Update.UpdateExpression).toBe('ADD #c0 :c0, #c1 :c1');
    expect(Object.values(counter.Update.ExpressionAttributeNames)).toEqual(['total', 'cancelled']);
    expect(() => w.put('item', key('ITEM#2'))).toThrow(/Duplicate/);
  });

  it('says which named part failed, by index, and whether the write was contended', () => {
    const names = ['reservation', 'item-book', 'log#0'];
    const failed = explainCancellation(
      {
        name: 'TransactionCanceledException',
        CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      },
      names,
    );
    expect(failed).toBeInstanceOf(WriteFailed);
    expect((failed as WriteFailed).failed).toEqual(['item-book']);
    expect((failed as WriteFailed).contended).toBe(false);
    const busy = explainCancellation(
      {
        name: 'TransactionCanceledException',
        CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }, { Code: 'None' }],
      },
      names,
    ) as WriteFailed;
    expect(busy.failed).toEqual([]);
    expect(busy.contended).toBe(true);
    const other = new Error('boom');
    expect(explainCancellation(other, names)).toBe(other);
  });

  it('refuses more than 100 parts', () => {
    const w = auditedWrite(tenant);
    for (let i = 0; i < 101; i++) w.put(`p${i}`, key(`X#${i}`));
    expect(() => w.build()).toThrow(/at most 100/);
  });
});
