import { Alert, Box, Button, Grid, HStack, IconButton, Stack, Text, Wrap } from '@chakra-ui/react';
import { addMonths, endOfMonth, format, getDay, parse, startOfMonth } from 'date-fns';
import { useMemo, useState } from 'react';
import { calendarDays, slotDisabled, type CalendarDay, type CalendarSlot, type DayColour } from './calendarRules.js';
import { TEXT } from './rules.js';

const COLOUR: Record<DayColour, { bg: string; fg: string; border: string }> = {
  green: { bg: 'green.subtle', fg: 'green.fg', border: 'green.muted' },
  yellow: { bg: 'yellow.subtle', fg: 'yellow.fg', border: 'yellow.muted' },
  red: { bg: 'red.subtle', fg: 'red.fg', border: 'red.muted' },
};
const WEEKDAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];

const slotKey = (s: Pick<CalendarSlot, 'date' | 'startTime' | 'endTime'>) => `${s.date}|${s.startTime}|${s.endTime}`;

/**
 * The service calendar and slot picker of R-RES-4: a month grid where dates with slots are
 * coloured by their free share (green ≥ 50 %, yellow below, red full), clickable only with a free
 * slot; the chosen date lists its slots, full ones disabled; one slot can be selected.
 */
export function ServiceCalendar(props: {
  slots: CalendarSlot[] | null;
  failed?: boolean;
  value: string;
  onChange: (key: string, slot: CalendarSlot | null) => void;
  invalid?: boolean;
}) {
  const days = useMemo(() => calendarDays(props.slots ?? []), [props.slots]);
  const byDate = useMemo(() => new Map(days.map((d) => [d.date, d])), [days]);
  const firstOpen = days.find((d) => d.clickable) ?? days[0];
  const [month, setMonth] = useState(() =>
    firstOpen ? startOfMonth(parse(firstOpen.date, 'yyyy-MM-dd', new Date())) : startOfMonth(new Date()),
  );
  const [chosenDate, setChosenDate] = useState<string | null>(props.value ? props.value.split('|')[0]! : null);

  if (props.failed) {
    return (
      <Alert.Root status="error" size="sm" role="alert">
        <Alert.Indicator />
        <Alert.Title>{TEXT.calendarFailed}</Alert.Title>
      </Alert.Root>
    );
  }
  if (!props.slots)
    return (
      <Text fontSize="sm" color="fg.muted">
        Loading availability…
      </Text>
    );
  if (days.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        {TEXT.noAvailability}
      </Text>
    );

  const start = startOfMonth(month);
  const end = endOfMonth(month);
  const cells: (string | null)[] = Array.from({ length: getDay(start) }, () => null);
  for (let d = 1; d <= end.getDate(); d++)
    cells.push(format(new Date(month.getFullYear(), month.getMonth(), d), 'yyyy-MM-dd'));
  const chosen = chosenDate ? byDate.get(chosenDate) : undefined;

  return (
    <Stack gap="3" role="group" aria-label="Availability calendar">
      <HStack justify="space-between">
        <IconButton
          size="xs"
          variant="ghost"
          aria-label="Previous month"
          onClick={() => setMonth((m) => addMonths(m, -1))}
        >
          ‹
        </IconButton>
        <Text fontWeight="semibold" aria-live="polite">
          {format(month, 'MMMM yyyy')}
        </Text>
        <IconButton size="xs" variant="ghost" aria-label="Next month" onClick={() => setMonth((m) => addMonths(m, 1))}>
          ›
        </IconButton>
      </HStack>
      <Grid templateColumns="repeat(7, 1fr)" gap="1">
        {WEEKDAYS.map((w) => (
          <Text key={w} fontSize="xs" color="fg.muted" textAlign="center">
            {w}
          </Text>
        ))}
        {cells.map((date, i) =>
          date ? (
            <DayCell
              key={date}
              date={date}
              day={byDate.get(date)}
              selected={date === chosenDate}
              onPick={() => setChosenDate(date)}
            />
          ) : (
            <Box key={`pad-${i}`} />
          ),
        )}
      </Grid>
      <Wrap gap="3" fontSize="xs" color="fg.muted">
        <HStack gap="1">
          <Box w="3" h="3" borderRadius="sm" bg="green.subtle" borderWidth="1px" borderColor="green.muted" />
          50% or more free
        </HStack>
        <HStack gap="1">
          <Box w="3" h="3" borderRadius="sm" bg="yellow.subtle" borderWidth="1px" borderColor="yellow.muted" />
          Limited
        </HStack>
        <HStack gap="1">
          <Box w="3" h="3" borderRadius="sm" bg="red.subtle" borderWidth="1px" borderColor="red.muted" />
          Fully booked
        </HStack>
      </Wrap>
      {chosen && (
        <Stack gap="2">
          <Text fontSize="sm" fontWeight="medium">
            Times on {format(parse(chosen.date, 'yyyy-MM-dd', new Date()), 'EEEE, MMM d')}
          </Text>
          <Wrap gap="2" role="radiogroup" aria-label="Time slots" aria-invalid={props.invalid || undefined}>
            {chosen.slots.map((s) => {
              const key = slotKey(s);
              const on = key === props.value;
              const full = slotDisabled(s);
              return (
                <Button
                  key={key}
                  size="sm"
                  role="radio"
                  aria-checked={on}
                  variant={on ? 'solid' : 'outline'}
                  colorPalette={on ? 'brand' : full ? 'red' : 'gray'}
                  disabled={full}
                  onClick={() => props.onChange(on ? '' : key, on ? null : s)}
                >
                  {s.startTime} - {s.endTime} · {full ? 'Full' : `${s.slotsAvailable} left`}
                </Button>
              );
            })}
          </Wrap>
        </Stack>
      )}
    </Stack>
  );
}

function DayCell({
  date,
  day,
  selected,
  onPick,
}: {
  date: string;
  day: CalendarDay | undefined;
  selected: boolean;
  onPick: () => void;
}) {
  const n = Number(date.slice(8));
  if (!day) {
    return (
      <Box textAlign="center" py="1.5" fontSize="sm" color="fg.subtle" aria-hidden>
        {n}
      </Box>
    );
  }
  const c = COLOUR[day.colour];
  const label = `${date}: ${day.free} of ${day.original} places free`;
  return (
    <Button
      size="sm"
      px="0"
      minW="0"
      h="9"
      variant="outline"
      bg={c.bg}
      color={c.fg}
      borderColor={selected ? 'brand.solid' : c.border}
      borderWidth={selected ? '2px' : '1px'}
      data-colour={day.colour}
      aria-label={label}
      aria-pressed={selected}
      disabled={!day.clickable}
      onClick={onPick}
    >
      {n}
    </Button>
  );
}
