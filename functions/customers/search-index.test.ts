import { beforeAll, describe, expect, it } from 'vitest';
import { customerSearchChanges, phoneDigits, searchPrefixes, searchTerms } from './search-index.js';
import type { TenantId } from '../lib/keys.js';

beforeAll(() => {
  process.env.TABLE_NAME ??= 'unit-table';
});

const ada = {
  id: 'c1',
  firstName: ' Ada ',
  lastName: 'Lovelace',
  phone: '+1 (555) 010-0199',
  email: 'Ada.L@Example.com',
};

describe('customer search terms', () => {
  it('indexes both name orders, phone digits with their last 4 and 7, and the e-mail', () => {
    expect(searchTerms(ada).sort()).toEqual(
      [
        'e:ada.l@example.com',
        'n:ada lovelace',
        'n:lovelace ada',
        'p:0100199',
        'p:0199',
        'p:15550100199',
        'p:5550100199',
      ].sort(),
    );
  });

  it('skips what is missing and strips the separator', () => {
    expect(searchTerms({ id: 'c2', firstName: 'A#b', lastName: '', phone: null, email: null })).toEqual(['n:ab']);
  });

  it('turns the search box text into prefixes', () => {
    expect(searchPrefixes('')).toEqual([]);
    expect(searchPrefixes('  ')).toEqual([]);
    expect(searchPrefixes('Ada  L')).toEqual(['n:ada l', 'e:ada l']);
    expect(searchPrefixes('(555) 010-01')).toEqual(['p:55501001']);
    expect(searchPrefixes('1-555-010-0199')).toEqual(['p:5550100199']);
    expect(searchPrefixes('12')).toEqual(['n:12']);
    expect(searchPrefixes('ADA@ex')).toEqual(['e:ada@ex']);
    expect(phoneDigits('15550100199')).toBe('5550100199');
  });

  it('changes only the terms that differ on an edit', () => {
    const changes = customerSearchChanges('t1' as TenantId, ada, { ...ada, email: 'new@example.com' });
    expect(changes.map((c) => ('Delete' in c ? `-${c.Delete.Key.sk}` : `+${c.Put.Item.sk}`))).toEqual([
      '-e:ada.l@example.com#c1',
      '+e:new@example.com#c1',
    ]);
  });
});
