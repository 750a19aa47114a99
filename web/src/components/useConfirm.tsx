import { useCallback, useRef, useState, type ReactNode } from 'react';
import { deferred, usePreload, useDeferred } from '../app/deferred.js';

// The dialog's code (Chakra's dialog, portal) is not needed to show a page: it loads when the page is
// idle, or at the first confirm, whichever comes first.
const confirmDialogCode = deferred(() => import('./ConfirmDialog.js').then((m) => m.ConfirmDialog));

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  /** Runs on confirm with the button busy; the dialog closes when it settles. */
  action?: () => Promise<unknown>;
}

/**
 * `const { confirm, confirmDialog } = useConfirm()`: `await confirm({...})` resolves true when the
 * user confirms (after `action`, if given, has run) and false on cancel, Escape or backdrop.
 * Render `confirmDialog` once in the component.
 */
export function useConfirm(): { confirm: (o: ConfirmOptions) => Promise<boolean>; confirmDialog: ReactNode } {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const [busy, setBusy] = useState(false);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const ConfirmDialog = useDeferred(confirmDialogCode, !!options);
  usePreload(confirmDialogCode);

  const confirm = useCallback((o: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(o);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const settle = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOptions(null);
  };

  const onConfirm = async () => {
    if (!options?.action) return settle(true);
    setBusy(true);
    try {
      await options.action();
    } finally {
      setBusy(false);
      settle(true);
    }
  };

  const confirmDialog = ConfirmDialog && (
    <ConfirmDialog
      open={!!options}
      title={options?.title ?? ''}
      message={options?.message ?? ''}
      confirmLabel={options?.confirmLabel}
      cancelLabel={options?.cancelLabel}
      destructive={options?.destructive}
      busy={busy}
      onConfirm={() => void onConfirm()}
      onCancel={() => !busy && settle(false)}
    />
  );
  return { confirm, confirmDialog };
}
