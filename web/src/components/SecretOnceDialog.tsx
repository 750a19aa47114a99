import { Alert, Code, Stack } from '@chakra-ui/react';
import { CopyButton } from './CopyButton.js';
import { DialogFrame } from './DialogFrame.js';

/**
 * A secret the server returns only once (an API key, a webhook signing secret): open while `secret` is
 * not null, with the warning that it will not be shown again, the value and a copy button.
 */
export function SecretOnceDialog(props: {
  secret: string | null;
  title: string;
  warning: string;
  copyLabel: string;
  copyFailed: string;
  testId: string;
  onClose: () => void;
}) {
  return (
    <DialogFrame
      open={props.secret !== null}
      title={props.title}
      dirty={false}
      saving={false}
      submitLabel="Done"
      noCancel
      onSubmit={props.onClose}
      onClose={props.onClose}
    >
      <Stack gap="3">
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Description>{props.warning}</Alert.Description>
        </Alert.Root>
        <Code p="2" wordBreak="break-all" whiteSpace="normal" data-testid={props.testId}>
          {props.secret}
        </Code>
        <CopyButton
          text={props.secret ?? ''}
          label={props.copyLabel}
          failedMessage={props.copyFailed}
          size="sm"
          alignSelf="flex-start"
        />
      </Stack>
    </DialogFrame>
  );
}
