import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog.js';
import { UNSAVED_CHANGES_MESSAGE, UnsavedChangesGuard } from './UnsavedChangesGuard.js';

/** Dialog sizes: full width on phones, then a readable column; height follows the content. */
export const DIALOG_SIZE = { base: 'full', sm: 'md', md: 'lg' } as const;

/**
 * The frame of every modal form (R-PLAT-4): title, body, Cancel and a
 * submit button that shows "Saving..." while busy. While the form is dirty, closing it (Cancel,
 * the close button, Escape, the backdrop) asks first, and so do browser Back, in-app navigation
 * and page unload. Forms built on react-hook-form use FormDialog, which fills these props in.
 */
export function DialogFrame(props: {
  open: boolean;
  title: string;
  dirty: boolean;
  /** Reads dirtiness at the moment of closing (a keystroke just before Escape may not have rendered yet). */
  isDirtyNow?: () => boolean;
  saving: boolean;
  submitLabel: string;
  submitDisabled?: boolean;
  /** Wide forms (services) take the xl size on desktops. */
  wide?: boolean;
  /** When set, the footer's submit button submits this form element instead of calling onSubmit. */
  formId?: string;
  onSubmit?: () => void;
  onClose: () => void;
  children: ReactNode;
  footerStart?: ReactNode;
  /** Actions beside the title (the service form's Advanced Settings). */
  headerEnd?: ReactNode;
  /** A frame that only reports (nothing to cancel) shows its submit button alone. */
  noCancel?: boolean;
}) {
  const [confirmClose, setConfirmClose] = useState(false);
  const requestClose = () => (props.dirty || props.isDirtyNow?.() ? setConfirmClose(true) : props.onClose());
  return (
    <>
      <Dialog.Root
        open={props.open}
        onOpenChange={(e) => !e.open && requestClose()}
        // An input marked data-own-escape (an inline "new location" box) handles Escape itself.
        onEscapeKeyDown={(e) => {
          if ((e.target as Element | null)?.closest?.('[data-own-escape]')) e.preventDefault();
        }}
        size={props.wide ? { base: 'full', sm: 'md', md: 'xl' } : DIALOG_SIZE}
        scrollBehavior="inside"
        placement="center"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            {/* The 'full' size of phones sets minH 100dvh, which the larger sizes do not undo: reset it from sm up (short forms stay short). */}
            <Dialog.Content
              aria-label={props.title}
              h={{ base: 'auto', sm: 'auto' }}
              minH={{ base: '100dvh', sm: 'auto' }}
              maxH={{ base: '100dvh', sm: 'calc(100dvh - 4rem)' }}
            >
              <Dialog.Header alignItems="center" pe={props.headerEnd ? '12' : undefined}>
                <Dialog.Title flex="1">{props.title}</Dialog.Title>
                {props.headerEnd}
              </Dialog.Header>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
              <Dialog.Body>{props.children}</Dialog.Body>
              <Dialog.Footer>
                {props.footerStart}
                {!props.noCancel && (
                  <Button variant="outline" onClick={requestClose}>
                    Cancel
                  </Button>
                )}
                <Button
                  colorPalette="brand"
                  type={props.formId ? 'submit' : 'button'}
                  form={props.formId}
                  loading={props.saving}
                  loadingText="Saving..."
                  disabled={props.submitDisabled}
                  onClick={props.formId ? undefined : props.onSubmit}
                >
                  {props.submitLabel}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <UnsavedChangesGuard when={props.open && props.dirty} />
      <ConfirmDialog
        open={confirmClose}
        title="Unsaved changes"
        message={UNSAVED_CHANGES_MESSAGE}
        confirmLabel="Leave"
        cancelLabel="Stay"
        destructive
        onConfirm={() => {
          setConfirmClose(false);
          props.onClose();
        }}
        onCancel={() => setConfirmClose(false)}
      />
    </>
  );
}
