import { Alert, Badge, Button, Card, Code, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { invitationBody } from '../../../../shared/contract/routes/platform.js';
import { INVITATION_PENDING } from '../../../../shared/domain/invitations.js';
import { ApiRequestError, errorMessage } from '../../api/client.js';
import { DataTable, type Column } from '../../components/DataTable.js';
import { FormField, FormSchemaProvider, maxLengthOf, useContractForm } from '../../components/form.js';
import { useOrgClock } from '../../app/time-zone.js';
import { CheckIcon, LayersIcon } from '../../components/icons.js';
import { notify } from '../../components/toaster.js';
import { useConfirm } from '../../components/useConfirm.js';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard.js';
import { useCreateInvitation, useInvitations, useResendInvitation, useRevokeInvitation } from './api/index.js';
import {
  canResend,
  canRevoke,
  invitationStatus,
  REVOKE_CONFIRM,
  type Invitation,
  type InvitationForm,
  type InvitationStatus,
} from './invitations.js';

const STATUS_COLOR: Record<InvitationStatus, string> = { Used: 'green', Expired: 'gray', Pending: 'orange' };
const EMPTY: InvitationForm = { firstName: '', lastName: '', email: '' };
/** R-PLAT-5: how long "Copied" shows (as the share link's). */
export const COPIED_MS = 2000;

function InviteLink({ url, onDismiss }: { url: string; onDismiss: () => void }) {
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

function SendInvitation({
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

export function InvitationsTab() {
  const { data, error, isLoading, mutate } = useInvitations();
  const clock = useOrgClock();
  // The banner's link and the invitation it belongs to: revoking that invitation removes it.
  const [link, setLink] = useState<{ url: string; id: string } | null>(null);
  const { confirm, confirmDialog } = useConfirm();
  const resend = useResendInvitation<Invitation>({
    success: (_r, inv) => `Invitation resent to ${inv.email}`,
    failure: 'Failed to resend invitation',
  });
  const revoke = useRevokeInvitation<Invitation>({
    success: 'Invitation revoked',
    failure: 'Failed to revoke invitation',
  });
  const [busyId, setBusyId] = useState<string | null>(null);

  const doResend = async (inv: Invitation) => {
    setBusyId(inv.id);
    const r = await resend.run(inv);
    setBusyId(null);
    if (r.ok && r.value.invitation?.inviteUrl) setLink({ url: r.value.invitation.inviteUrl, id: inv.id });
  };
  const doRevoke = (inv: Invitation) =>
    void confirm({
      title: 'Revoke invitation',
      message: REVOKE_CONFIRM,
      confirmLabel: 'Revoke',
      destructive: true,
      action: async () => {
        const r = await revoke.run(inv);
        if (r.ok) setLink((l) => (l?.id === inv.id ? null : l));
      },
    });

  const name = (inv: Invitation) => `${inv.firstName} ${inv.lastName}`;
  const columns: Column<Invitation>[] = [
    { key: 'name', header: 'Name', sortValue: name, truncate: true, width: '20%' },
    { key: 'email', header: 'Email', sortValue: (i) => i.email, truncate: true, width: '26%' },
    {
      key: 'sent',
      header: 'Sent',
      sortValue: (i) => i.createdAt ?? '',
      render: (i) => clock.date(i.createdAt),
      nowrap: true,
      width: '13%',
    },
    {
      key: 'expires',
      header: 'Expires',
      sortValue: (i) => i.expiresAt ?? '',
      render: (i) => clock.date(i.expiresAt),
      nowrap: true,
      width: '13%',
    },
    {
      key: 'status',
      header: 'Status',
      sortValue: (i) => invitationStatus(i),
      filterValue: (i) => invitationStatus(i),
      filterOptions: (['Pending', 'Expired', 'Used'] as const).map((v) => ({ value: v, label: v })),
      render: (i) => {
        const st = invitationStatus(i);
        return <Badge colorPalette={STATUS_COLOR[st]}>{st}</Badge>;
      },
      nowrap: true,
      width: '10%',
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      nowrap: true,
      width: '18%',
      render: (inv) => {
        const st = invitationStatus(inv);
        return (
          <HStack justify="flex-end" gap="2">
            {canResend(st) && (
              <Button
                size="xs"
                variant="outline"
                loading={busyId === inv.id}
                aria-label={`Resend invitation to ${name(inv)}`}
                onClick={() => void doResend(inv)}
              >
                Resend
              </Button>
            )}
            {canRevoke(st) && (
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                disabled={busyId === inv.id}
                aria-label={`Revoke invitation to ${name(inv)}`}
                onClick={() => doRevoke(inv)}
              >
                Revoke
              </Button>
            )}
          </HStack>
        );
      },
    },
  ];

  return (
    <Stack gap="6">
      <SendInvitation
        onSent={(inv) => inv?.inviteUrl && setLink({ url: inv.inviteUrl, id: inv.id })}
        onResend={async (id, email) => {
          const r = await resend.run({ id, email } as Invitation);
          if (r.ok && r.value.invitation?.inviteUrl) setLink({ url: r.value.invitation.inviteUrl, id });
          return r.ok;
        }}
      />
      {link && <InviteLink url={link.url} onDismiss={() => setLink(null)} />}
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="md">
            Sent invitations
          </Heading>
        </Card.Header>
        <Card.Body>
          <DataTable
            label="Invitations"
            rows={data?.invitations}
            loading={isLoading}
            error={
              error && !data
                ? {
                    title: 'Failed to load invitations',
                    message: errorMessage(error, 'Please try again.'),
                    onRetry: () => void mutate(),
                  }
                : null
            }
            empty={{
              title: 'No invitations have been sent yet.',
              description: (
                <HStack as="span" justify="center" color="fg.muted">
                  <LayersIcon />
                </HStack>
              ),
            }}
            columns={columns}
            rowId={(i) => i.id}
            initialSort={{ key: 'sent', dir: 'desc' }}
            pageSize={25}
          />
        </Card.Body>
      </Card.Root>
      {confirmDialog}
    </Stack>
  );
}
