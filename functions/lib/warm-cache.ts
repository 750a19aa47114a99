/**
 * A per-key answer kept by a warm function for `ttlMs` (per-tenant lookups that change rarely: the
 * organization's zone, status, subdomain, modules, a staff member's name). Concurrent misses of one
 * key share one read, so a burst of requests to a cold function costs one GetItem, not one each. A
 * failed read is not kept. Bounded: past `max` keys the cache starts again.
 */
interface WarmCache<V> {
  get(key: string, load: () => Promise<V>, now?: number): Promise<V>;
  clear(): void;
}

export function warmCache<V>(ttlMs: number, max = 5000): WarmCache<V> {
  const entries = new Map<string, { value: Promise<V>; at: number }>();
  return {
    get(key, load, now = Date.now()) {
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      if (entries.size >= max) entries.clear();
      const value = load();
      entries.set(key, { value, at: now });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
