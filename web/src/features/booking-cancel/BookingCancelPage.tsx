/**
 * Where a reminder's "Cancel this booking" link leads (R-SET-7, docs/decisions/0233-reminder-cancel-links.md):
 * the booking and a confirm button while online cancellation is open; after the business's cut-off,
 * its contact details instead. The page asks for a click before it POSTs, so a mail scanner that
 * opens every link cancels nothing.
 */
import { Alert, Button, Card, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApiRequestError } from '../../api/client.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { type CancelView, useCancelBooking, useCancelView } from './api/index.js';

const FAILED = 'Something went wrong. Please try again.';

function Business({ b }: { b: CancelView['business'] }) {
  return (
    <Stack gap="0.5" data-testid="business-contact">
      <Text fontWeight="medium">{b.name}</Text>
      {b.phone && <Text>Phone: {b.phone}</Text>}
      {b.email && <Text>E-mail: {b.email}</Text>}
      {b.address && <Text>{b.address}</Text>}
    </Stack>
  );
}

function Booking({ v }: { v: CancelView }) {
  return (
    <Card.Root variant="outline" w="full">
      <Card.Body>
        <Stack gap="1" textAlign="start">
          <Text fontWeight="semibold">{v.what}</Text>
          <Text>{v.when}</Text>
          <Text color="fg.muted">
            Reservation {v.reservationNumber}
            {v.participants ? ` · ${v.participants} participant${v.participants === 1 ? '' : 's'}` : ''} · Total{' '}
            {v.total}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export default function BookingCancelPage() {
  const { token = '' } = useParams();
  const { data, error, isLoading, mutate } = useCancelView(token);
  const cancel = useCancelBooking({ failure: FAILED, toastFailure: false });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    setProblem(null);
    const r = await cancel.run(token);
    if (r.ok) await mutate(r.value.data, { revalidate: false });
    else setProblem(r.error instanceof ApiRequestError ? r.error.message : FAILED);
  };

  if (isLoading) return <PageSpinner label="Loading your booking…" minH="70vh" />;
  return (
    <Center as="main" minH="70vh" px="4" py="8">
      <Stack gap="4" maxW="md" w="full" align="center" textAlign="center">
        {error || !data ? (
          <>
            <Heading as="h1" size="xl">
              This link did not work
            </Heading>
            <Text color="fg.muted" role="alert">
              {error instanceof ApiRequestError ? error.message : FAILED}
            </Text>
            {!(error instanceof ApiRequestError) && (
              <Button variant="outline" onClick={() => void mutate()}>
                Try again
              </Button>
            )}
          </>
        ) : data.state === 'cancelled' ? (
          <>
            <Heading as="h1" size="xl">
              Booking cancelled
            </Heading>
            <Text color="fg.muted" role="status">
              Reservation {data.reservationNumber} is cancelled. Questions? Contact the business:
            </Text>
            <Business b={data.business} />
          </>
        ) : data.state === 'too-late' ? (
          <>
            <Heading as="h1" size="xl">
              Cancel by contacting the business
            </Heading>
            <Booking v={data} />
            <Text color="fg.muted">
              Online cancellation closes {data.cancelCutoffHours} hours before the start. Please contact the business:
            </Text>
            <Business b={data.business} />
          </>
        ) : (
          <>
            <Heading as="h1" size="xl">
              Cancel this booking?
            </Heading>
            <Booking v={data} />
            {problem && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{problem}</Alert.Title>
              </Alert.Root>
            )}
            <Button colorPalette="red" loading={cancel.busy} onClick={() => void submit()}>
              Cancel this booking
            </Button>
            <Text fontSize="sm" color="fg.muted">
              {data.business.name} frees your place at once. This cannot be undone online.
            </Text>
          </>
        )}
      </Stack>
    </Center>
  );
}
