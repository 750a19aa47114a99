import { Alert, Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { WaitlistEntryView } from '../../../../shared/contract/routes/waitlist.js';
import { slotLabel } from '../../../../shared/domain/slots.js';
import { statusLabel, type WaitlistStatus } from '../../../../shared/domain/waitlist.js';
import { errorMessage } from '../../api/client.js';
import { useOrgClock } from '../../app/time-zone.js';
import { formatSlot } from '../../components/format.js';
import { useOfferWaitlistPlaces, useRemoveWaitlistEntry, useWaitlist } from './api/index.js';

const STATUS_COLOR: Record<WaitlistStatus, string> = {
  // Never listed: the server leaves unconfirmed joins out of the staff list (R-SVC-11).
  UNCONFIRMED: 'gray',
  WAITING: 'blue',
  OFFERED: 'orange',
  BOOKED: 'green',
  EXPIRED: 'gray',
  LEFT: 'gray',
};

/**
 * Each slot's waitlist in the service's details dialog (R-SVC-10): who, contact, participants, status
 * (offered until when), joined at; staff who manage services remove an entry or offer places by hand.
 */
export function WaitlistPanel({
  serviceId,
  canManage,
  zone,
}: {
  serviceId: string;
  canManage: boolean;
  /** The service's own zone when it differs from the organization's (named, as Availability does). */
  zone?: string | null;
}) {
  const clock = useOrgClock();
  const { data, error, isLoading, mutate } = useWaitlist(serviceId);
  // Both hooks read the waitlist again after success; after a failure it is read again here (it may have moved on).
  const remove = useRemoveWaitlistEntry({
    success: 'Removed from the waitlist',
    failure: 'Could not remove the entry',
  });
  const offer = useOfferWaitlistPlaces({ success: 'Offer sent', failure: 'Could not send the offer' });
  const [busy, setBusy] = useState<string | null>(null);

  async function act(entry: WaitlistEntryView, kind: 'remove' | 'offer') {
    setBusy(entry.id);
    const res = await (kind === 'remove' ? remove : offer).run(serviceId, entry.id);
    setBusy(null);
    if (!res.ok) await mutate();
  }

  if (error)
    return (
      <Alert.Root status="error" size="sm">
        <Alert.Indicator />
        <Alert.Description>{errorMessage(error, 'Failed to load the waitlist')}</Alert.Description>
      </Alert.Root>
    );
  if (isLoading && !data)
    return (
      <Text fontSize="sm" color="fg.muted">
        Loading the waitlist…
      </Text>
    );
  const entries = data?.entries ?? [];
  if (!entries.length)
    return (
      <Text fontSize="sm" color="fg.muted">
        Nobody is waiting
      </Text>
    );
  const slots = [...new Map(entries.map((e) => [slotLabel(e.slot), e.slot])).values()];
  return (
    <Stack gap="3" data-testid="waitlist-panel">
      {slots.map((slot) => (
        <Stack key={slotLabel(slot)} gap="2">
          <Text fontSize="sm" fontWeight="medium">
            {formatSlot(slot.date, slot.startTime, slot.endTime, zone)}
          </Text>
          {entries
            .filter((e) => slotLabel(e.slot) === slotLabel(slot))
            .map((e) => (
              <Box key={e.id} borderWidth="1px" borderRadius="l2" p="2" fontSize="sm" data-testid="waitlist-entry">
                <HStack justify="space-between" align="flex-start" gap="2" flexWrap="wrap">
                  <Stack gap="0" minW="0">
                    <Text fontWeight="semibold">
                      {e.position > 0 ? `${e.position}. ` : ''}
                      {e.firstName} {e.lastName}
                    </Text>
                    <Text color="fg.muted" wordBreak="break-all">
                      {e.email} · {e.phone}
                    </Text>
                    <Text color="fg.muted">
                      {e.participantCount} participant{e.participantCount === 1 ? '' : 's'} · joined{' '}
                      {clock.dateTime(e.joinedAt)}
                    </Text>
                  </Stack>
                  <Badge colorPalette={STATUS_COLOR[e.status]} data-testid="waitlist-status">
                    {statusLabel(e.status, e.holdUntil ? clock.dateTime(e.holdUntil) : null)}
                  </Badge>
                </HStack>
                {canManage && (e.status === 'WAITING' || e.status === 'OFFERED') && (
                  <HStack mt="2" gap="2">
                    {e.status === 'WAITING' && (
                      <Button size="xs" colorPalette="brand" loading={busy === e.id} onClick={() => act(e, 'offer')}>
                        Offer places
                      </Button>
                    )}
                    <Button size="xs" variant="outline" disabled={busy === e.id} onClick={() => act(e, 'remove')}>
                      Remove
                    </Button>
                  </HStack>
                )}
              </Box>
            ))}
        </Stack>
      ))}
    </Stack>
  );
}
