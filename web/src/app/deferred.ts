import { type ComponentType, useEffect, useSyncExternalStore } from 'react';
import { notify } from '../components/toaster.js';

/**
 * A component whose code is downloaded after the page's first load (docs/decisions/0173-web-first-load-js.md: dialogs
 * and tabs a page shows only after an action). Unlike React.lazy it never suspends: `useDeferred` answers null until
 * the code is here and the component after, so the page renders the trigger at once and stable, and renders the dialog
 * only once its module is loaded (mounted with the state it has then, e.g. `open`), the way it rendered it before.
 */
export interface Deferred<P> {
  /** Starts the download once (again after a failure); resolves with the component. */
  load(): Promise<ComponentType<P>>;
  /** The component if downloaded, else null. */
  current(): ComponentType<P> | null;
  subscribe(listener: () => void): () => void;
}

export function deferred<P>(loader: () => Promise<ComponentType<P>>): Deferred<P> {
  let component: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const listeners = new Set<() => void>();
  return {
    load() {
      if (component) return Promise.resolve(component);
      pending ??= loader().then(
        (c) => {
          component = c;
          for (const l of listeners) l();
          return c;
        },
        (err: unknown) => {
          pending = null;
          throw err;
        },
      );
      return pending;
    },
    current: () => component,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const LOAD_FAILED = 'Could not load this part of the page';

/** What a preload needs of a deferred component. */
interface Preloadable {
  load(): Promise<unknown>;
}

function start(d: Preloadable): void {
  d.load().catch(() => notify.error(LOAD_FAILED, 'Check your connection and try again.'));
}

/**
 * The deferred component, or null while it downloads. `wanted` starts the download (a dialog
 * about to open); a page also preloads what its buttons open with `usePreload`.
 */
export function useDeferred<P>(d: Deferred<P>, wanted = false): ComponentType<P> | null {
  const component = useSyncExternalStore(d.subscribe, d.current, d.current);
  useEffect(() => {
    if (wanted) start(d);
  }, [wanted, d]);
  return component;
}

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * Downloads these after the page has shown (when the browser is idle, at most 2 s later), so the
 * first click on what they render finds them loaded; a click before that waits for the download.
 */
export function usePreload(...items: Preloadable[]): void {
  useEffect(() => {
    const w = window as IdleWindow;
    const run = () => {
      for (const d of items) start(d);
    };
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(run, { timeout: 2000 });
      return () => w.cancelIdleCallback?.(id);
    }
    const id = window.setTimeout(run, 200);
    return () => window.clearTimeout(id);
    // The list is a page's fixed set of module-level deferreds: once, after the first render.
  }, []);
}

/** Handlers for a trigger: hovering or focusing it starts the download of what it opens. */
export function preloadOn(...items: Preloadable[]) {
  const go = () => {
    for (const d of items) start(d);
  };
  return { onPointerEnter: go, onFocus: go };
}
