import type { ReactNode } from 'react';
import { notify } from '../../components/toaster.js';
import { useConfirm } from '../../components/useConfirm.js';
import { saveErrorMessage, useDeactivateEmployee, useDeleteEmployee, useResendInvite } from './api/index.js';
import type { Employee } from './api/index.js';

export type EmployeeAction = 'resend' | 'deactivate' | 'delete';

/**
 * The Team Members row actions (R-EMP-3): each asks first, then says it in the page's banner
 * (`onDone`) or toasts the failure and reloads the list (`reload`).
 */
export function useEmployeeActions({
  onDone,
  reload,
}: {
  onDone: (message: string) => void;
  reload: () => Promise<unknown>;
}): { act: (e: Employee, kind: EmployeeAction) => Promise<void>; confirmDialog: ReactNode } {
  const { confirm, confirmDialog } = useConfirm();
  const writes = {
    resend: useResendInvite({ failure: 'Failed to resend invitation', toastFailure: false }),
    deactivate: useDeactivateEmployee({ failure: 'Failed to deactivate employee', toastFailure: false }),
    delete: useDeleteEmployee({ failure: 'Failed to delete employee', toastFailure: false }),
  };
  const act = async (e: Employee, kind: EmployeeAction) => {
    const texts = {
      resend: {
        message: 'Are you sure you want to resend the invitation email?',
        title: 'Resend invitation',
        label: 'Resend',
        fail: 'Failed to resend invitation',
        done: 'Invitation email resent successfully!',
      },
      deactivate: {
        message: 'Are you sure you want to deactivate this employee? They will not be able to log in.',
        title: 'Deactivate employee',
        label: 'Deactivate',
        fail: 'Failed to deactivate employee',
        done: 'Employee deactivated successfully!',
      },
      delete: {
        message: 'Are you sure you want to delete this employee? This action cannot be undone.',
        title: 'Delete employee',
        label: 'Delete',
        fail: 'Failed to delete employee',
        done: 'Employee deleted successfully!',
      },
    }[kind];
    const ok = await confirm({
      title: texts.title,
      message: texts.message,
      confirmLabel: texts.label,
      destructive: kind !== 'resend',
    });
    if (!ok) return;
    // The banner says it; a failure is toasted here (the delete's server-error text, R-EMP-3).
    const r = await writes[kind].run(e.id);
    if (r.ok) {
      onDone(texts.done);
      return;
    }
    const status = (r.error as { status?: number }).status;
    const fallback =
      kind === 'delete' && status && status >= 500
        ? `Server error (${status}): ${(r.error as Error).message}`
        : texts.fail;
    notify.error(saveErrorMessage(r.error, fallback));
    await reload();
  };

  return { act, confirmDialog };
}
