import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { UNSAVED_CHANGES_MESSAGE } from '../../components/UnsavedChangesGuard.js';

/**
 * A modal form of the inventory page (document 2 §2.2): Escape and the backdrop close it, and a
 * dirty form asks before its changes are thrown away.
 */
export function FormDialog(props: {
  open: boolean;
  title: string;
  dirty: boolean;
  saving: boolean;
  submitLabel: string;
  submitDisabled?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const [confirmClose, setConfirmClose] = useState(false);
  const requestClose = () => (props.dirty ? setConfirmClose(true) : props.onClose());
  return (
    <>
      <Dialog.Root open={props.open} onOpenChange={(e) => !e.open && requestClose()} size={{ base: 'full', md: 'lg' }} scrollBehavior="inside" placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content aria-label={props.title}>
              <Dialog.Header>
                <Dialog.Title>{props.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
              <Dialog.Body>{props.children}</Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={requestClose}>Cancel</Button>
                <Button colorPalette="brand" loading={props.saving} loadingText="Saving..." disabled={props.submitDisabled} onClick={props.onSubmit}>
                  {props.submitLabel}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
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
