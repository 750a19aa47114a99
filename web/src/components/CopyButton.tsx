import { Button, type ButtonProps } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '../../../shared/domain/share.js';
import { CheckIcon } from './icons.js';
import { notify } from './toaster.js';

/** How long "Copied" shows after a copy (the same as the share link's, shared/domain/share.ts). */
const COPIED_MS = COPY_CONFIRMATION_MS;

/**
 * Copies `text` to the clipboard: shows "Copied" with a check for COPIED_MS, or toasts `failedMessage`
 * when the browser refuses (the text stays on screen to copy by hand).
 */
export function CopyButton({
  text,
  label,
  failedMessage,
  ...rest
}: { text: string; label: string; failedMessage: string } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <Button
      variant="outline"
      {...rest}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
        } catch {
          notify.error(failedMessage);
        }
      }}
    >
      {copied ? (
        <>
          <CheckIcon /> Copied
        </>
      ) : (
        label
      )}
    </Button>
  );
}
