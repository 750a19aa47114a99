import { Text, VisuallyHidden } from '@chakra-ui/react';
import { formatDateIn } from '../../../../shared/domain/time-text.js';
import { fmtTime } from './display.js';

/**
 * A time as its day over its clock time, each kept whole: one line ("Nov 29, 2026, 5:00 PM EST") is
 * about 200 px, and the Services and Log tables hold several, so one line each would push Details and
 * Cancel past 1366 px (docs/decisions/0225-layout-at-375-and-1366.md). A hidden ", " between the lines keeps the
 * cell's text whole ("Nov 29, 2026, 5:00 PM EST") for screen readers, copy and find-in-page.
 */
export function DateTimeLines({ iso, zone }: { iso: string | null | undefined; zone: string }) {
  const day = formatDateIn(iso, zone);
  if (!day) return <>-</>;
  return (
    <>
      <Text whiteSpace="nowrap">{day}</Text>
      <Text whiteSpace="nowrap" fontSize="xs" color="fg.muted">
        <VisuallyHidden>, </VisuallyHidden>
        {fmtTime(iso, zone)}
      </Text>
    </>
  );
}
