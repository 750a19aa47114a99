import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useBelow } from './media.js';

/** A viewport of `width` px that answers max-width queries and tells listeners when it is resized. */
function viewport(width: number) {
  const listeners = new Set<() => void>();
  const state = { width };
  const matches = (q: string) => state.width <= Number(/max-width: ([\d.]+)px/.exec(q)?.[1] ?? Number.NaN);
  window.matchMedia = ((q: string) => ({
    get matches() {
      return matches(q);
    },
    media: q,
    addEventListener: (_: string, f: () => void) => listeners.add(f),
    removeEventListener: (_: string, f: () => void) => listeners.delete(f),
  })) as unknown as typeof window.matchMedia;
  return {
    resize(w: number) {
      state.width = w;
      for (const f of listeners) f();
    },
  };
}

const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
});

describe('useBelow', () => {
  it('is true under the named breakpoint and false at it (phone 480 px, tablet 768 px)', () => {
    viewport(479);
    expect(renderHook(() => useBelow('phone')).result.current).toBe(true);
    viewport(480);
    expect(renderHook(() => useBelow('phone')).result.current).toBe(false);
    viewport(767);
    expect(renderHook(() => useBelow('tablet')).result.current).toBe(true);
    viewport(768);
    expect(renderHook(() => useBelow('tablet')).result.current).toBe(false);
  });

  it('follows a resize', () => {
    const v = viewport(1366);
    const { result } = renderHook(() => useBelow('tablet'));
    expect(result.current).toBe(false);
    act(() => v.resize(375));
    expect(result.current).toBe(true);
  });
});
