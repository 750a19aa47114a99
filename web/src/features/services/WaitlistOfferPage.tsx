import { Alert, Badge, Box, Button, Card, Center, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { formatPercent } from '../../../../shared/domain/money.js';
import { formatUsd } from '../../../../shared/domain/pricing.js';
import { ApiRequestError, errorMessage } from '../../api/client.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import {
  useAcceptWaitlistOffer,
  useConfirmWaitlist,
  useDeclineWaitlistOffer,
  useLeaveWaitlist,
  useWaitlistOffer,
  type WaitlistOffer as Offer,
} from './api/index.js';
import type { BookingAnswer } from './BookingModal.js';
import { PaymentRequired } from './BookingOutcome.js';

const STATUS_TEXT: Record<string, string> = {
  BOOKED: 'You have booked these places.',
  EXPIRED: 'This offer has expired: the places went to the next person waiting.',
  LEFT: 'This offer was declined.',
  WAITING: 'You are on the waitlist.',
};

function Message({ title, text }: { title: string; text: string }) {
  return (
    <Center minH="70vh" px="4">
      <Stack gap="3" textAlign="center" maxW="md" align="center">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <Text color="fg.muted" data-testid="waitlist-message">
          {text}
        </Text>
      </Stack>
    </Center>
  );
}

/** /service/{token}/offer/{offerToken}: the held places, their price, "Book now" (R-SVC-9). */
function OfferView({ offerToken }: { offerToken: string }) {
  const { data, error, isLoading, mutate } = useWaitlistOffer(offerToken);
  // The failures show on the page, not as toasts; declining reads the offer again.
  const accept = useAcceptWaitlistOffer({ failure: 'Failed to create booking', toastFailure: false });
  const decline = useDeclineWaitlistOffer({ failure: 'Could not decline', toastFailure: false });
  const busy = accept.busy || decline.busy;
  const [failure, setFailure] = useState<string | null>(null);
  const [booked, setBooked] = useState<{ booking: BookingAnswer; offer: Offer } | null>(null);

  if (booked)
    return (
      <PaymentRequired
        service={{ name: booked.offer.serviceName, timeZone: booked.offer.timeZone }}
        booking={booked.booking}
        slot={booked.offer.slot}
      />
    );
  if (isLoading && !data) return <PageSpinner minH="70vh" />;
  if (error || !data)
    return <Message title="Offer not found" text={errorMessage(error, 'This offer link is not valid')} />;
  const o = data.offer;
  if (o.status !== 'OFFERED') return <Message title={o.serviceName} text={STATUS_TEXT[o.status] ?? o.status} />;

  // A failure is said on the page and the offer read again (it may have expired or moved on).
  async function failed(err: unknown, fallback: string) {
    setFailure(errorMessage(err, fallback));
    await mutate();
  }

  async function act(kind: 'accept' | 'decline') {
    setFailure(null);
    if (kind === 'accept') {
      const res = await accept.run(offerToken);
      if (res.ok) setBooked({ booking: res.value, offer: o });
      else await failed(res.error, 'Failed to create booking');
      return;
    }
    const res = await decline.run(offerToken);
    if (!res.ok) await failed(res.error, 'Could not decline');
  }

  return (
    <Container maxW="lg" py={{ base: '6', md: '10' }}>
      <Card.Root>
        <Card.Body gap="4">
          <HStack justify="space-between" align="flex-start" gap="3">
            <Heading as="h1" size="lg">
              {o.serviceName}
            </Heading>
            <Badge colorPalette="green" flexShrink={0}>
              Places held for you
            </Badge>
          </HStack>
          <Text>Hello {o.firstName}, places have come free and we are holding them for you.</Text>
          <Stack gap="1">
            <Text data-testid="offer-slot">
              Time: <b>{o.slotText}</b>
            </Text>
            <Text>
              Participants: <b>{o.participantCount}</b>
            </Text>
            <Text>
              Total: <b data-testid="offer-total">{formatUsd(o.totalAmount)}</b>
              {o.taxAmount ? ` (includes ${formatUsd(o.taxAmount)} tax at ${formatPercent(o.taxRate)})` : ''}
            </Text>
            {o.holdUntilText && (
              <Text>
                Held until: <b data-testid="offer-hold">{o.holdUntilText}</b>
              </Text>
            )}
          </Stack>
          {failure && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Description data-testid="offer-error">{failure}</Alert.Description>
            </Alert.Root>
          )}
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            <Button colorPalette="brand" loading={busy} onClick={() => act('accept')} flex="1">
              Book now
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => act('decline')}>
              No thanks
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

/** /service/{token}/leave/{leaveToken}: the confirmation e-mail's "Leave the waitlist" (R-SVC-8). */
function LeaveView({ leaveToken }: { leaveToken: string }) {
  const [state, setState] = useState<'ask' | 'done' | string>('ask');
  const leave = useLeaveWaitlist({ failure: 'Could not leave the waitlist', toastFailure: false });
  if (state === 'done') return <Message title="Waitlist" text="You have left the waitlist." />;
  return (
    <Center minH="70vh" px="4">
      <Stack gap="4" textAlign="center" maxW="md" align="center">
        <Heading as="h1" size="xl">
          Leave the waitlist?
        </Heading>
        <Text color="fg.muted">You will no longer receive an offer for this time slot.</Text>
        {state !== 'ask' && !leave.busy && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{state}</Alert.Description>
          </Alert.Root>
        )}
        <Button
          colorPalette="red"
          loading={leave.busy}
          onClick={async () => {
            const res = await leave.run(leaveToken);
            setState(res.ok ? 'done' : errorMessage(res.error, 'Could not leave the waitlist'));
          }}
        >
          Leave the waitlist
        </Button>
      </Stack>
    </Center>
  );
}

type ConfirmAnswer = Awaited<ReturnType<ReturnType<typeof useConfirmWaitlist>['run']>>;

/**
 * /service/{token}/confirm/{confirmToken}: the join e-mail's link (R-SVC-11). Opening it confirms
 * (once: a second open answers "confirmed" again); the page says confirmed, expired or not valid.
 */
export function ConfirmView({ confirmToken }: { confirmToken: string }) {
  const { run } = useConfirmWaitlist({ failure: 'Could not confirm your place', toastFailure: false });
  const [answer, setAnswer] = useState<ConfirmAnswer | null>(null);
  // Once per page (React's development double effect included); confirming twice is harmless anyway.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run(confirmToken).then(setAnswer);
  }, [run, confirmToken]);

  if (!answer) return <PageSpinner minH="70vh" />;
  if (!answer.ok) {
    const invalid = answer.error instanceof ApiRequestError && answer.error.status === 404;
    return invalid ? (
      <Message
        title="Link not valid"
        text="This confirmation link is not valid. Check that you opened the whole link."
      />
    ) : (
      <Message
        title="Could not confirm"
        text={errorMessage(answer.error, 'Could not confirm your place. Try again.')}
      />
    );
  }
  const a = answer.value;
  if (a.outcome === 'expired')
    return (
      <Message
        title="Link expired"
        text="This confirmation link has expired. Join the waitlist again on the booking page if the time slot is still full."
      />
    );
  const where = a.slotText ? ` for ${a.serviceName}, ${a.slotText}` : ` for ${a.serviceName}`;
  if (a.status === 'WAITING' && a.position)
    return (
      <Message
        title="Place confirmed"
        text={`You are number ${a.position} on the waitlist${where}. We will e-mail you if places free up.`}
      />
    );
  // Places offered right at confirming, or the link opened again after the entry moved on.
  return (
    <Message
      title={a.outcome === 'confirmed' ? 'Place confirmed' : 'Already confirmed'}
      text={AFTER_CONFIRM[a.status ?? ''] ?? 'This link has been used.'}
    />
  );
}

const AFTER_CONFIRM: Record<string, string> = {
  OFFERED: 'Places are held for you: see the offer e-mail.',
  BOOKED: 'You have booked this time slot.',
  EXPIRED: 'You are no longer on this waitlist.',
  LEFT: 'You are no longer on this waitlist.',
};

/** A page of its own, outside the app's shell, like the public service page. */
export default function WaitlistOfferPage() {
  const { offerToken, leaveToken, confirmToken } = useParams();
  return (
    <Box as="main" minH="100vh">
      {confirmToken ? (
        <ConfirmView confirmToken={confirmToken} />
      ) : offerToken ? (
        <OfferView offerToken={offerToken} />
      ) : (
        <LeaveView leaveToken={leaveToken ?? ''} />
      )}
    </Box>
  );
}
