import { Button, Dialog, Portal } from '@chakra-ui/react';

export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const {
    open,
    title,
    message,
    confirmLabel = 'Confirm',
    cancelLabel = 'Cancel',
    destructive,
    busy,
    onConfirm,
    onCancel,
  } = props;
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(e) => !e.open && onCancel()}
      placement="center"
      size={{ base: 'xs', md: 'sm' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body whiteSpace="pre-line">{message}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                {cancelLabel}
              </Button>
              <Button colorPalette={destructive ? 'red' : 'brand'} loading={busy} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
