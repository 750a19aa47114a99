import { Button } from '@chakra-ui/react';
import type { ConfirmOptions } from './useConfirm.js';

/**
 * A table row's destructive action (Revoke, Delete): a small red button that asks `confirm` (from
 * useConfirm) first, with `label` as the confirm button's text too, and runs `action` on confirm.
 */
export function ConfirmRowButton(props: {
  label: string;
  ariaLabel: string;
  title: string;
  message: string;
  confirm: (o: ConfirmOptions) => Promise<boolean>;
  action: () => Promise<unknown>;
}) {
  return (
    <Button
      size="xs"
      variant="outline"
      colorPalette="red"
      aria-label={props.ariaLabel}
      onClick={() =>
        void props.confirm({
          title: props.title,
          message: props.message,
          confirmLabel: props.label,
          destructive: true,
          action: props.action,
        })
      }
    >
      {props.label}
    </Button>
  );
}
