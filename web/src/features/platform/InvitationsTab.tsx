import { Alert, Badge, Box, Button, Card, Code, Field, Heading, HStack, Input, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { api, errorMessage } from '../../api/client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { formatDate } from '../../components/format.js';
import { CheckIcon, LayersIcon } from '../../components/icons.js';
import { notify } from '../../components/toaster.js';
import {
  canResend,
  canRevoke,
  invitationStatus,
  REVOKE_CONFIRM,
  validateInvitation,
  type Invitation,
  type InvitationErrors,
  type InvitationForm,
  type InvitationStatus,
} from './invitations.js';

const STATUS_COLOR: Record<InvitationStatus, string> = { Used: 'green', Expired: 'gray', Pending: 'orange' };
const EMPTY: InvitationForm = { firstName: '', lastName: '', email: '' };

function InviteLink({ url, onDismiss }: { url: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState(false);
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

function SendInvitation({ onSent }: { onSent: (inv: Invitation) => void }) {
  const [values, setValues] = useState<InvitationForm>(EMPTY);
  const [errors, setErrors] = useState<InvitationErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function set(key: keyof InvitationForm, value: string) {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateInvitation(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    setFailure(null);
    try {
      const res = await api<{ invitation: Invitation }>('platform.createInvitation', {
        body: { firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim() },
      });
      notify.success(`Invitation sent to ${values.email.trim()}`);
      setValues(EMPTY);
      onSent(res.invitation);
    } catch (err) {
      setFailure(errorMessage(err, 'Failed to send invitation'));
    } finally {
      setBusy(false);
    }
  }

  const field = (key: keyof InvitationForm, label: string, type = 'text') => (
    <Field.Root required invalid={!!errors[key]}>
      <Field.Label>
        {label} <Field.RequiredIndicator />
      </Field.Label>
      <Input name={key} type={type} value={values[key]} onChange={(e) => set(key, e.target.value)} />
      <Field.ErrorText>{errors[key]}</Field.ErrorText>
    </Field.Root>
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
        <form onSubmit={submit} noValidate aria-label="Send invitation">
          <Stack gap="4">
            {failure && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{failure}</Alert.Title>
              </Alert.Root>
            )}
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              {field('firstName', 'First name')}
              {field('lastName', 'Last name')}
              {field('email', 'Email', 'email')}
            </SimpleGrid>
            <Button type="submit" colorPalette="brand" alignSelf={{ base: 'stretch', md: 'flex-start' }} loading={busy} loadingText="Sending...">
              Send Invitation
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

export function InvitationsTab() {
  const { data, error, isLoading, mutate } = useSWR('platform.listInvitations', () => api<{ invitations: Invitation[] }>('platform.listInvitations'));
  const [link, setLink] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const invitations = [...(data?.invitations ?? [])].sort((a, b) => String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? '')));

  async function resend(inv: Invitation) {
    setBusyId(inv.id);
    try {
      const res = await api<{ invitation?: Invitation }>('platform.resendInvitation', { params: { id: inv.id } });
      notify.success(`Invitation resent to ${inv.email}`);
      if (res.invitation?.inviteUrl) setLink(res.invitation.inviteUrl);
      await mutate();
    } catch (err) {
      notify.error(errorMessage(err, 'Failed to resend invitation'));
    } finally {
      setBusyId(null);
    }
  }

  async function revoke(inv: Invitation) {
    setBusyId(inv.id);
    try {
      await api('platform.revokeInvitation', { params: { id: inv.id } });
      notify.success('Invitation revoked');
      await mutate();
    } catch (err) {
      notify.error(errorMessage(err, 'Failed to revoke invitation'));
    } finally {
      setBusyId(null);
      setRevoking(null);
    }
  }

  return (
    <Stack gap="6">
      <SendInvitation
        onSent={(inv) => {
          if (inv?.inviteUrl) setLink(inv.inviteUrl);
          void mutate();
        }}
      />
      {link && <InviteLink url={link} onDismiss={() => setLink(null)} />}
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="md">
            Sent invitations
          </Heading>
        </Card.Header>
        <Card.Body>
          {isLoading ? (
            <Stack>
              <Skeleton h="8" />
              <Skeleton h="8" />
            </Stack>
          ) : error ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{errorMessage(error, 'Failed to load invitations')}</Alert.Title>
            </Alert.Root>
          ) : invitations.length === 0 ? (
            <HStack color="fg.muted" gap="2" py="6" justify="center">
              <LayersIcon />
              <Text>No invitations have been sent yet.</Text>
            </HStack>
          ) : (
            <Table.ScrollArea borderWidth="1px" borderRadius="l2">
              <Table.Root size="sm" stickyHeader>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Name</Table.ColumnHeader>
                    <Table.ColumnHeader>Email</Table.ColumnHeader>
                    <Table.ColumnHeader>Sent</Table.ColumnHeader>
                    <Table.ColumnHeader>Expires</Table.ColumnHeader>
                    <Table.ColumnHeader>Status</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {invitations.map((inv) => {
                    const status = invitationStatus(inv);
                    const name = `${inv.firstName} ${inv.lastName}`;
                    return (
                      <Table.Row key={inv.id}>
                        <Table.Cell whiteSpace="nowrap">{name}</Table.Cell>
                        <Table.Cell>{inv.email}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{formatDate(inv.createdAt)}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{formatDate(inv.expiresAt)}</Table.Cell>
                        <Table.Cell>
                          <Badge colorPalette={STATUS_COLOR[status]}>{status}</Badge>
                        </Table.Cell>
                        <Table.Cell textAlign="end">
                          <HStack justify="flex-end" gap="2">
                            {canResend(status) && (
                              <Button size="xs" variant="outline" loading={busyId === inv.id} aria-label={`Resend invitation to ${name}`} onClick={() => resend(inv)}>
                                Resend
                              </Button>
                            )}
                            {canRevoke(status) && (
                              <Button size="xs" variant="outline" colorPalette="red" disabled={busyId === inv.id} aria-label={`Revoke invitation to ${name}`} onClick={() => setRevoking(inv)}>
                                Revoke
                              </Button>
                            )}
                          </HStack>
                        </Table.Cell>
                      </Table.Row>
                    );
                  })}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </Card.Body>
      </Card.Root>
      <ConfirmDialog
        open={!!revoking}
        title="Revoke invitation"
        message={REVOKE_CONFIRM}
        confirmLabel="Revoke"
        destructive
        busy={!!revoking && busyId === revoking.id}
        onConfirm={() => revoking && revoke(revoking)}
        onCancel={() => setRevoking(null)}
      />
      <Box />
    </Stack>
  );
}
