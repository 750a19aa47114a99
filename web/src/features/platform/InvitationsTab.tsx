import { Badge, Button, Card, Heading, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../../api/client.js';
import { useOrgClock } from '../../app/time-zone.js';
import { type Column, DataTable } from '../../components/DataTable.js';
import { LayersIcon } from '../../components/icons.js';
import { useConfirm } from '../../components/useConfirm.js';
import { useInvitations, useResendInvitation, useRevokeInvitation } from './api/index.js';
import { InviteLink } from './InviteLink.js';
import {
  canResend,
  canRevoke,
  type Invitation,
  type InvitationStatus,
  invitationStatus,
  REVOKE_CONFIRM,
} from './invitations.js';
import { SendInvitationForm } from './SendInvitationForm.js';

const STATUS_COLOR: Record<InvitationStatus, string> = { Used: 'green', Expired: 'gray', Pending: 'orange' };

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
      <SendInvitationForm
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
