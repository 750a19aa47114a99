import { Alert, Badge, Box, Button, Card, HStack, SimpleGrid, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import { errorMessage } from '../../api/client.js';
import { EmptyState } from '../../components/EmptyState.js';
import { useOrgClock } from '../../app/time-zone.js';
import { PageHeader } from '../../components/PageHeader.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import {
  TIMESHEETS,
  useActiveTimesheet,
  useClockIn,
  useClockOut,
  useMyTimesheets,
  type Timesheet,
} from './api/index.js';
import { currentLocation, elapsedClock, hoursSince } from './location.js';
import { StatCard } from '../../components/StatCard.js';
import { keyMatches } from '../../api/keys.js';

/** Re-renders every `ms` (the active clock ticks every second, R-TS-3). */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

function ActiveClock({ since }: { since: string }) {
  const now = useNow(1000);
  const clock = useOrgClock();
  return (
    <Stack gap="0" aria-live="off">
      <Text fontSize="3xl" fontWeight="bold" fontVariantNumeric="tabular-nums" data-testid="active-clock">
        {elapsedClock(since, now)}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        Since {clock.dateTime(since)} · {hoursSince(since, now)} h
      </Text>
    </Stack>
  );
}

type Flash = { status: 'success' | 'error'; text: string } | null;

function TimeTrackingCard({ active, loading }: { active: Timesheet | null | undefined; loading: boolean }) {
  const { mutate } = useSWRConfig();
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  // Both show their outcome in the card, not as toasts; each revalidates every timesheets cache.
  const clockInWrite = useClockIn({ failure: 'Failed to clock in', toastFailure: false });
  const clockOutWrite = useClockOut({ failure: 'Failed to clock out', toastFailure: false });
  const [flash, setFlash] = useState<Flash>(null);
  const [location, setLocation] = useState<{ state: 'idle' | 'locating' | 'captured' | 'failed'; message?: string }>({
    state: 'idle',
  });
  const clockedIn = !!active;

  useEffect(() => {
    if (flash?.status !== 'success') return;
    const t = setTimeout(() => setFlash(null), 3000);
    return () => clearTimeout(t);
  }, [flash]);

  async function clock() {
    if (busy) return;
    setBusy(true);
    setFlash(null);
    setLocation({ state: 'locating' });
    const loc = await currentLocation();
    setLocation(loc.ok ? { state: 'captured' } : { state: 'failed', message: loc.message });
    const body = {
      notes: notes.trim() || null,
      ...(loc.ok ? { latitude: loc.latitude, longitude: loc.longitude } : {}),
    };
    const r = clockedIn ? await clockOutWrite.run(body) : await clockInWrite.run(body);
    if (r.ok) {
      setFlash({
        status: 'success',
        text: `${r.value.message}${r.value.locationCaptured ? ' (Location captured)' : ''}`,
      });
      setNotes('');
    } else
      setFlash({
        status: 'error',
        text: errorMessage(r.error, clockedIn ? 'Failed to clock out' : 'Failed to clock in'),
      });
    setBusy(false);
    // A refused clock call may mean the state changed elsewhere (another tab): read it again.
    if (!r.ok) await mutate(keyMatches(TIMESHEETS));
  }

  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Card.Title as="h2">Time Tracking</Card.Title>
          <Badge colorPalette={clockedIn ? 'green' : 'gray'} size="lg">
            {clockedIn ? 'Clocked In' : 'Clocked Out'}
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {flash && (
            <Alert.Root status={flash.status} role={flash.status === 'error' ? 'alert' : 'status'}>
              <Alert.Indicator />
              <Alert.Description>{flash.text}</Alert.Description>
            </Alert.Root>
          )}
          {active ? <ActiveClock since={active.clockIn} /> : <Text color="fg.muted">You are not clocked in.</Text>}
          <Box>
            <Text asChild fontSize="sm" fontWeight="medium">
              <label htmlFor="timesheet-notes">Notes (optional)</label>
            </Text>
            <Textarea
              id="timesheet-notes"
              value={notes}
              maxLength={2000}
              onChange={(e) => setNotes(e.target.value)}
              placeholder="What are you working on?"
              rows={2}
            />
          </Box>
          <HStack gap="3" wrap="wrap" justify="space-between">
            <Text
              fontSize="sm"
              color={location.state === 'failed' ? 'orange.fg' : 'fg.muted'}
              data-testid="location-indicator"
            >
              {location.state === 'locating' && 'Getting your location...'}
              {location.state === 'captured' && 'Location captured'}
              {location.state === 'failed' && `${location.message} The clock works without it.`}
              {location.state === 'idle' && 'Your location is recorded when you clock in or out, if you allow it.'}
            </Text>
            <Button
              colorPalette={clockedIn ? 'red' : 'green'}
              onClick={clock}
              loading={busy}
              disabled={loading}
              loadingText={clockedIn ? 'Clocking out...' : 'Clocking in...'}
            >
              {clockedIn ? 'Clock Out' : 'Clock In'}
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** R-TS-4 Timesheets: the clock, the summary cards and the history (each person's own). */
export default function TimesheetsPage() {
  const list = useMyTimesheets();
  const clock = useOrgClock();
  const active = useActiveTimesheet();
  const data = list.data;
  return (
    <Stack gap="5">
      <PageHeader title="Timesheets" subtitle="Clock in and out and see your hours" />
      <TimeTrackingCard active={active.data} loading={active.isLoading} />
      {list.error ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Stack gap="2" flex="1">
            <Alert.Title>Error Loading Timesheets</Alert.Title>
            <Alert.Description>{errorMessage(list.error, 'Failed to load timesheets')}</Alert.Description>
            <Box>
              <Button size="sm" variant="outline" onClick={() => list.mutate()}>
                Retry
              </Button>
            </Box>
          </Stack>
        </Alert.Root>
      ) : !data ? (
        <PageSpinner />
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
            <StatCard label="Total Sessions" value={String(data.summary.totalSessions)} />
            <StatCard label="Total Hours" value={data.summary.totalHours.toFixed(2)} />
            <StatCard label="This Week" value={`${data.summary.weeklyHours.toFixed(2)} h`} />
          </SimpleGrid>
          <Card.Root>
            <Card.Header>
              <Card.Title as="h2">Timesheet History</Card.Title>
            </Card.Header>
            <Card.Body>
              {data.timesheets.length === 0 ? (
                <EmptyState title="No Timesheets Found" description="Clock in to start your first session." />
              ) : (
                <Table.ScrollArea>
                  <Table.Root size="sm" striped>
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>Employee Name</Table.ColumnHeader>
                        <Table.ColumnHeader>Clock In</Table.ColumnHeader>
                        <Table.ColumnHeader>Clock Out</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">Total Hours</Table.ColumnHeader>
                        <Table.ColumnHeader>Notes</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {data.timesheets.map((t) => (
                        <Table.Row key={t.id}>
                          <Table.Cell whiteSpace="nowrap">
                            {`${t.employee.firstName} ${t.employee.lastName}`.trim() || '—'}
                          </Table.Cell>
                          <Table.Cell whiteSpace="nowrap">{clock.dateTime(t.clockIn)}</Table.Cell>
                          <Table.Cell whiteSpace="nowrap">
                            {t.clockOut ? clock.dateTime(t.clockOut) : <Badge colorPalette="green">Active</Badge>}
                          </Table.Cell>
                          <Table.Cell textAlign="end">
                            {t.totalHours === null ? '—' : t.totalHours.toFixed(2)}
                          </Table.Cell>
                          <Table.Cell maxW="280px" truncate title={notesText(t) ?? undefined}>
                            {notesText(t) ?? '—'}
                          </Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Table.ScrollArea>
              )}
            </Card.Body>
          </Card.Root>
        </>
      )}
    </Stack>
  );
}

/** Both notes of a session, each named, so a clock-out note never hides the clock-in one. */
function notesText(t: Pick<Timesheet, 'clockInNotes' | 'clockOutNotes'>): string | null {
  if (t.clockInNotes && t.clockOutNotes) return `In: ${t.clockInNotes} · Out: ${t.clockOutNotes}`;
  return t.clockInNotes ?? t.clockOutNotes ?? null;
}
