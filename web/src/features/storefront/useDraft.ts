import { useState } from 'react';
import { errorMessage } from '../../api/client.js';
import { notify } from '../../components/toaster.js';
import { useConfirm } from '../../components/useConfirm.js';
import { CANCEL_QUESTION } from './shared.js';

/**
 * The edit cycle of a store settings page shown in a ViewEditFrame (R-SET-1): Edit copies the saved
 * values into a draft; Save sends the draft, toasts, and goes back to the view; Cancel with changes asks
 * first. `frame` is spread into the ViewEditFrame; `confirmDialog` is rendered beside it.
 */
export function useDraft<T>(
  saved: T,
  opts: {
    same: (a: T, b: T) => boolean;
    /** Saves the draft (the request and the cache update); a throw is toasted with `failure`. */
    send: (draft: T) => Promise<void>;
    success: string;
    failure: string;
    /** False keeps Save disabled (the page shows why). */
    valid?: (draft: T) => boolean;
  },
) {
  const [draft, setDraft] = useState<T | null>(null);
  const [saving, setSaving] = useState(false);
  const { confirm, confirmDialog } = useConfirm();
  const dirty = draft !== null && !opts.same(draft, saved);
  const valid = draft === null || (opts.valid?.(draft) ?? true);

  const save = async () => {
    if (draft === null || !valid) return;
    setSaving(true);
    try {
      await opts.send(draft);
      setDraft(null);
      notify.success(opts.success);
    } catch (e) {
      notify.error(errorMessage(e, opts.failure));
    } finally {
      setSaving(false);
    }
  };

  const frame = {
    editing: draft !== null,
    dirty: dirty && valid,
    saving,
    onEdit: () => setDraft(saved),
    onCancel: async () => {
      if (dirty && !(await confirm({ title: 'Discard changes?', message: CANCEL_QUESTION, destructive: true }))) return;
      setDraft(null);
    },
    onSave: () => void save(),
  };
  return { draft, setDraft, dirty, frame, confirmDialog };
}
