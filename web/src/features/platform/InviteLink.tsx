import { Alert, Button, Code, HStack, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { CheckIcon } from '../../components/icons.js';
import { notify } from '../../components/toaster.js';

/** R-PLAT-5: how long "Copied" shows (as the share link's). */
export const COPIED_MS = 2000;

/** The link of the invitation just sent or resent, with Copy link (R-PLAT-5). */
export function InviteLink({ url, onDismiss }: { url: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <Alert.Root status="success" alignItems="flex-start">
      <Alert.Indicator />
      <Stack gap="2" flex="1" minW="0">
        <Alert.Title>Invitation link</Alert.Title>
        <Alert.Description>The invitation was e-mailed. You can also share this link directly:</Alert.Description>
        <Code p="2" wordBreak="break-all" whiteSpace="normal" data-testid="invite-url">
          {url}
        </Code>
        <HStack>
          <Button
            size="xs"
            variant="outline"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(url);
                setCopied(true);
              } catch {
                notify.error('Could not copy the link; select it and copy it by hand.');
              }
            }}
          >
            {copied ? (
              <>
                <CheckIcon /> Copied
              </>
            ) : (
              'Copy link'
            )}
          </Button>
          <Button size="xs" variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        </HStack>
      </Stack>
    </Alert.Root>
  );
}
