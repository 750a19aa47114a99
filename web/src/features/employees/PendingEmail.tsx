import { Alert, Button, HStack, Text } from '@chakra-ui/react';
import { useOrgClock } from '../../app/time-zone.js';
import { type EmployeeDetail, useCancelEmailChange, useResendEmailChange } from './api/index.js';

/**
 * R-EMP-9: a new e-mail address waiting for its owner's confirmation. The current address stays in
 * use until then; whoever may edit the employee can mail the link again or cancel the change.
 */
export function PendingEmail({
  e,
  canEdit,
  onChanged,
}: {
  e: EmployeeDetail;
  canEdit: boolean;
  onChanged: () => void | Promise<unknown>;
}) {
  const clock = useOrgClock();
  const resend = useResendEmailChange({
    success: (r) => r.message,
    failure: 'Failed to send the confirmation email again',
  });
  const cancel = useCancelEmailChange({ success: (r) => r.message, failure: 'Failed to cancel the email change' });
  if (!e.pendingEmail) return null;
  return (
    <Alert.Root status="warning" size="sm" alignItems="start">
      <Alert.Indicator />
      <Alert.Content minW="0">
        <Alert.Description>
          <Text wordBreak="break-all">Waiting for confirmation: {e.pendingEmail}</Text>
          <Text fontSize="xs" color="fg.muted">
            {e.email} stays in use until the link sent to the new address is followed
            {e.pendingEmailExpiresAt ? ` (valid until ${clock.dateTime(e.pendingEmailExpiresAt)})` : ''}.
          </Text>
        </Alert.Description>
        {canEdit && (
          <HStack gap="2" mt="2" wrap="wrap">
            <Button
              size="xs"
              variant="outline"
              loading={resend.busy}
              onClick={async () => {
                if ((await resend.run(e.id)).ok) await onChanged();
              }}
            >
              Resend
            </Button>
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              loading={cancel.busy}
              onClick={async () => {
                if ((await cancel.run(e.id)).ok) await onChanged();
              }}
            >
              Cancel change
            </Button>
          </HStack>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}
