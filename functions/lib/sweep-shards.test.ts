import { describe, expect, it } from 'vitest';
import { COUNTER_SHARDS, counterNameOf, shardedCounterKey, sumCounters } from './counter-shards.js';
import { trustedTenant } from './keys.js';
import {
  INDEX_SHARDS,
  indexPartitions,
  indexShard,
  isIndexPartition,
  shardedIndexKey,
  stableShard,
} from './sweep-shard-keys.js';

describe('sharded keys (R-PLAT-17)', () => {
  it('hashes with FNV-1a, the same in every process', () => {
    // FNV-1a 32-bit of "a" is 0xe40c292c (the published test vector).
    expect(stableShard('a', 2 ** 16)).toBe(0x292c);
    expect(stableShard('', 2 ** 16)).toBe(0x9dc5); // the offset basis 0x811c9dc5
    expect(shardedIndexKey('SWEEP#UNPAID', 'a')).toBe(`SWEEP#UNPAID#${0xe40c292c % INDEX_SHARDS}`);
  });

  it('spreads 10,000 tenants so that no shard takes 10 % of them', () => {
    const perShard = new Array<number>(INDEX_SHARDS).fill(0);
    for (let i = 0; i < 10_000; i++) perShard[indexShard(`tenant-${i}`)]!++;
    expect(Math.max(...perShard) / 10_000).toBeLessThan(0.1);
    expect(Math.min(...perShard)).toBeGreaterThan(0);
  });

  it('a reader asks every shard and the legacy key; a shard of one base is not a partition of another', () => {
    expect(indexPartitions('ORGS')).toHaveLength(INDEX_SHARDS + 1);
    expect(indexPartitions('ORGS')).toContain('ORGS');
    expect(isIndexPartition('SWEEP#SLOTHOLDS', shardedIndexKey('SWEEP#SLOTHOLDS', 't1'))).toBe(true);
    expect(isIndexPartition('SWEEP#SLOTHOLDS', 'SWEEP#SLOTHOLDS')).toBe(true);
    expect(isIndexPartition('SWEEP#SLOTHOLDS', shardedIndexKey('SWEEP#UNPAID', 't1'))).toBe(false);
    expect(isIndexPartition('SWEEP#SLOTHOLDS', undefined)).toBe(false);
  });

  it('counter shards follow the reservation, and sum with the legacy row by name', () => {
    const tenant = trustedTenant('t1');
    const key = shardedCounterKey(tenant, 'reservations', 'r-1');
    expect(key).toEqual(shardedCounterKey(tenant, 'reservations', 'r-1'));
    expect(key.sk).toMatch(new RegExp(`^STATS#reservations#[0-${COUNTER_SHARDS - 1}]$`));
    expect(counterNameOf(key.sk)).toBe('reservations');
    expect(counterNameOf('STATS#reservations')).toBe('reservations');
    expect(counterNameOf('STATS#users')).toBe('users');
    expect(sumCounters([{ total: 2, 'ITEM#ACTIVE': 1 }, { total: 3 }, {}])).toEqual({ total: 5, 'ITEM#ACTIVE': 1 });
  });
});
