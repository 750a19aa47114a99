import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { assertNoStubDrift } from './test-api.js';

// jsdom lacks the layout and observer APIs that Chakra's (zag) components touch on mount.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
window.scrollTo = (() => {}) as typeof window.scrollTo;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
// jsdom has no CSS global; zag's focus trap calls CSS.escape when a dialog's content changes.
globalThis.CSS ??= { escape: (s: string) => s.replace(/([^\w-])/g, '\\$1') } as unknown as typeof CSS;

// Lazy pages are transformed on first import, which can take over a second in a cold run.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  // A stub answered outside its route's schema: the test ran against an API that does not exist.
  assertNoStubDrift();
});

// The web files share one jsdom and one module graph per worker (vitest.config.ts): what a file
// leaves on the page or in the toast store would greet the next file's first render.
afterAll(async () => {
  (await import('./components/toastStore.js')).toaster.remove();
  document.body.innerHTML = '';
  // A lazy page a render asked for may still be loading when the file ends; the next file's teardown
  // would then cut its import short (EnvironmentTeardownError). Loading every component module here
  // joins any such import before the file ends; with the module graph shared, once per worker.
  await Promise.all(Object.values(componentModules).map((load) => load()));
});

const componentModules = import.meta.glob(['./**/*.tsx', '!./**/*.test.tsx', '!./main.tsx']);
