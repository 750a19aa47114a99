import { useEffect, useState } from 'react';

/** A value that follows `value` once it has stopped changing for `ms` (searches sent to the server). */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}
