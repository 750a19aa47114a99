import { lazy, Suspense, useSyncExternalStore } from 'react';
import { TOAST_DURATION, toaster } from './toastStore.js';

export { TOAST_DURATION, TOAST_MAX_WIDTH, toaster } from './toastStore.js';

/*
 * The toast UI (its state machines are ~20 KB gzip) loads on the first toast rather than with the
 * first page; toasts created before it mounts wait in the store and appear once it does.
 */
let wanted = false;
const listeners = new Set<() => void>();
function want() {
  if (wanted) return;
  wanted = true;
  for (const l of listeners) l();
}
function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

const ToasterView = lazy(() => import('./ToasterView.js'));

export const notify = {
  success(title: string, description?: string) {
    want();
    return toaster.create({ type: 'success', title, description, duration: TOAST_DURATION.success });
  },
  error(title: string, description?: string) {
    want();
    return toaster.create({ type: 'error', title, description, duration: TOAST_DURATION.error });
  },
  info(title: string, description?: string, duration: number = TOAST_DURATION.info) {
    want();
    return toaster.create({ type: 'info', title, description, duration });
  },
  /** Stays until `done` is called with the outcome. */
  loading(title: string) {
    want();
    const id = toaster.create({ type: 'loading', title, duration: Infinity });
    return {
      done: (outcome: 'success' | 'error', message: string) =>
        toaster.update(id, { type: outcome, title: message, duration: TOAST_DURATION[outcome] }),
    };
  },
};

export function AppToaster() {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
