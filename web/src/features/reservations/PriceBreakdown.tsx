import { Stack, Text } from '@chakra-ui/react';
import { formatPercent, fromCents, sumCents, toCents } from '../../../../shared/domain/money.js';
import { staffPriceText } from '../../../../shared/domain/pricing.js';
import { Row } from './DetailRow.js';
import { money } from './display.js';
import type { ReservationDetail } from './types.js';

/** The service's own line (docs/decisions/0012-right-about-money.md): the tier that applied, named, its rate and how many it was charged for. */
function serviceLine(r: ReservationDetail): string {
  const s = r.service!;
  const times = s.rateType === 'PER_PERSON' && (r.participantCount ?? 1) !== 1 ? ` × ${r.participantCount}` : '';
  return `${s.name}${s.tier ? ` · ${s.tier}` : ''} (${staffPriceText(s.rate, s.rateType)}${times})`;
}

/** The base amount holds the add-ons too (R-BOOK-4's booked base); the service line is what is left. */
const serviceAmount = (r: ReservationDetail) =>
  fromCents(toCents(r.baseAmount) - sumCents(r.addons.map((a) => toCents(a.amount))));

/** R-MONEY-3 price breakdown as the server stored it, one line per part; tax shows only when its rate is above 0. */
export function Breakdown({ r }: { r: ReservationDetail }) {
  return (
    <Stack gap="0" aria-label="Price breakdown" role="group">
      {/* R-SVC-13: a ticketed booking is priced by its tickets, one line per type, instead of the service's rate. */}
      {r.kind === 'SERVICE' && r.service && !r.tickets?.length && (
        <Row label={serviceLine(r)}>{money(serviceAmount(r))}</Row>
      )}
      {r.tickets?.map((t) => (
        <Row key={t.name} label={`${t.name} ticket (${money(t.rate)} × ${t.count})`}>
          {money(t.amount)}
        </Row>
      ))}
      {r.kind === 'SERVICE' && r.participantCount ? <Row label="Participants">{r.participantCount}</Row> : null}
      {r.addons.map((a) => (
        <Row
          key={a.name}
          label={`${a.name} (${staffPriceText(a.rate, a.rateType)}${a.quantity !== 1 ? ` × ${a.quantity}` : ''})`}
        >
          {money(a.amount)}
        </Row>
      ))}
      {r.addons.length === 0 && r.addonNames.length > 0 && <Row label="Add-ons">{r.addonNames.join(', ')}</Row>}
      {r.kind === 'ITEM' && (
        <Row
          label={
            r.priceBasis === 'daily' || r.priceBasis === 'weekly'
              ? `Base (${r.reservationDuration} h, ${r.priceBasis} rate ${money((r.priceBasis === 'daily' ? r.dailyRateAtBooking : r.weeklyRateAtBooking) ?? 0)})`
              : `Base (${r.reservationDuration} h × ${money(r.hourlyRateAtBooking ?? r.inventoryItem?.hourlyRate ?? 0)})`
          }
        >
          {money(r.baseAmount)}
        </Row>
      )}
      {r.overageAmount > 0 && <Row label={`Overage (${r.overageHours} h)`}>{money(r.overageAmount)}</Row>}
      {r.refundAmount > 0 && (
        <Row label={`Refund${r.refundHours ? ` (${r.refundHours} h)` : ''}`}>-{money(r.refundAmount)}</Row>
      )}
      <Row label="Subtotal">{money(r.subtotal)}</Row>
      {r.taxRate > 0 && <Row label={`Tax (${formatPercent(r.taxRate)})`}>{money(r.taxAmount)}</Row>}
      <Row label="Total">
        <Text fontWeight="bold">{money(r.totalAmount)}</Text>
      </Row>
    </Stack>
  );
}
