import { lazy, Suspense, useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

// First-load budget (docs/decisions/0173-web-first-load-js.md): the dialog machinery loads once the form is dirty, not with every form page.
const loadConfirmDialog = () => import('./ConfirmDialog.js');
const ConfirmDialog = lazy(() => loadConfirmDialog().then((m) => ({ default: m.ConfirmDialog })));

export const UNSAVED_CHANGES_MESSAGE = 'Your changes have not been saved - are you sure you want to leave this page?';

/**
 * R-PLAT-4: while `when` holds, leaving the page warns — on unload (the browser's own
 * prompt), and on browser back or in-app navigation (a confirmation dialog).
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    void loadConfirmDialog();
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show (or at least require) a return value.
      e.returnValue = UNSAVED_CHANGES_MESSAGE;
      return UNSAVED_CHANGES_MESSAGE;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  if (blocker.state !== 'blocked') return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open
        title="Unsaved changes"
        message={UNSAVED_CHANGES_MESSAGE}
        confirmLabel="Leave page"
        cancelLabel="Stay"
        destructive
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </Suspense>
  );
}
