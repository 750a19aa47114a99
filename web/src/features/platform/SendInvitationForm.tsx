import { Alert, Button, Card, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { invitationBody } from '../../../../shared/contract/platform-models.js';
import { INVITATION_PENDING } from '../../../../shared/domain/invitations.js';
import { ApiRequestError, errorMessage } from '../../api/client.js';
import { FormField, FormSchemaProvider, maxLengthOf, useContractForm } from '../../components/form.js';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard.js';
import { useCreateInvitation } from './api/index.js';
import type { Invitation, InvitationForm } from './invitations.js';

const EMPTY: InvitationForm = { firstName: '', lastName: '', email: '' };
/** Invite a new client: the owner's name and e-mail; an address with a pending invitation offers Resend. */
export function SendInvitationForm({
  onSent,
  onResend,
}: {
  onSent: (inv: Invitation) => void;
  /** The address already has a pending invitation: send that one again instead. */
  onResend: (id: string, email: string) => Promise<boolean>;
}) {
  const form = useContractForm(invitationBody, EMPTY);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<{ id: string; email: string } | null>(null);
  const send = useCreateInvitation({
    success: (_r, body) => `Invitation sent to ${body.email}`,
    failure: 'Failed to send invitation',
    // R-PLAT-5: a create failure shows the server's text in the form.
    toastFailure: false,
  });
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setPending(null);
    const r = await send.run(values);
    if (!r.ok) {
      setFailure(errorMessage(r.error, 'Failed to send invitation'));
      const b = r.error instanceof ApiRequestError ? (r.error.body as { invitationId?: unknown }) : undefined;
      if (
        r.error instanceof ApiRequestError &&
        r.error.code === INVITATION_PENDING &&
        typeof b?.invitationId === 'string'
      )
        setPending({ id: b.invitationId, email: values.email.trim().toLowerCase() });
      return;
    }
    form.reset(EMPTY);
    onSent(r.value.invitation);
  });

  const field = (key: keyof InvitationForm, label: string, type = 'text') => (
    <FormField name={key} label={label} required>
      <Input type={type} maxLength={maxLengthOf(invitationBody, key)} {...form.register(key)} />
    </FormField>
  );

  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          Invite a new client
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          The owner receives a link to create their organization and admin account.
        </Text>
      </Card.Header>
      <Card.Body>
        <UnsavedChangesGuard when={form.formState.isDirty} />
        <FormSchemaProvider
          value={{ schema: invitationBody, errors: form.formState.errors as Record<string, { message?: unknown }> }}
        >
          <form onSubmit={(e) => void submit(e)} noValidate aria-label="Send invitation">
            <Stack gap="4">
              {failure && (
                <Alert.Root status={pending ? 'warning' : 'error'} role="alert" alignItems="center" flexWrap="wrap">
                  <Alert.Indicator />
                  <Alert.Title flex="1" minW="0">
                    {failure}
                  </Alert.Title>
                  {pending && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={async () => {
                        if (await onResend(pending.id, pending.email)) {
                          setFailure(null);
                          setPending(null);
                          form.reset(EMPTY);
                        }
                      }}
                    >
                      Resend
                    </Button>
                  )}
                </Alert.Root>
              )}
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                {field('firstName', 'First name')}
                {field('lastName', 'Last name')}
                {field('email', 'Email', 'email')}
              </SimpleGrid>
              <Button
                type="submit"
                colorPalette="brand"
                alignSelf={{ base: 'stretch', md: 'flex-start' }}
                loading={send.busy}
                loadingText="Sending..."
              >
                Send Invitation
              </Button>
            </Stack>
          </form>
        </FormSchemaProvider>
      </Card.Body>
    </Card.Root>
  );
}
