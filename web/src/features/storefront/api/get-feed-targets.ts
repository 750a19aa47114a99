import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';

/** A service or item a scoped calendar feed can show (R-SET-8). */
interface FeedTarget {
  id: string;
  label: string;
}

async function getFeedTargets(scope: 'service' | 'item'): Promise<FeedTarget[]> {
  const byLabel = (a: FeedTarget, b: FeedTarget) => a.label.localeCompare(b.label);
  if (scope === 'service') return (await api('services.list')).map((s) => ({ id: s.id, label: s.name })).sort(byLabel);
  const page = await api('inventory.listItems', { query: { limit: 1000 } });
  return page.items
    .map((i) => ({
      id: i.id,
      label: [i.productType?.name, i.productVariant?.name, `(${i.itemNumber})`].filter(Boolean).join(' '),
    }))
    .sort(byLabel);
}

/** Loaded only once a service or item scope is picked. */
export function useFeedTargets(scope: 'service' | 'item' | null) {
  return useSWR(scope ? apiKey('settings.feedTargets', scope) : null, () => getFeedTargets(scope!));
}
