import { Checkbox, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { DAY_TYPE_LABELS, DAY_TYPES, type DayType } from '../../../../shared/domain/settings.js';
import { formatClock12 } from '../../components/format.js';
import { TrashIcon } from '../../components/icons.js';
import { type HoursData } from './api/index.js';
import { QUARTER_HOURS, setClosed } from './hoursRules.js';

/** One row of Opening Hours in edit mode: a day (or a date) with open and close times, or closed. */
export type Row = HoursData['hours'][number];
export type Special = HoursData['specialHours'][number];

function TimeSelect({
  label,
  value,
  disabled,
  invalid,
  onChange,
}: {
  label: string;
  value: string;
  disabled: boolean;
  invalid?: boolean;
  onChange: (v: string) => void;
}) {
  return (
    <NativeSelect.Root size="sm" disabled={disabled} invalid={invalid} w={{ base: '28', sm: '32' }} flexShrink={0}>
      <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{disabled ? '—' : 'Select time'}</option>
        {QUARTER_HOURS.map((t) => (
          <option key={t} value={t}>
            {formatClock12(t)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export function RowEditor<R extends Row | Special>(props: {
  row: R;
  index: number;
  kind: 'hours' | 'specialHours';
  errors: Record<string, string>;
  canDelete: boolean;
  onChange: (row: R) => void;
  onDelete: () => void;
}) {
  const { row, index, kind, errors } = props;
  const at = (f: string) => errors[`${kind}.${index}.${f}`];
  const rowError = at('dayType') ?? at('date') ?? at('openTime') ?? at('closeTime') ?? at('isClosed');
  const label = 'dayType' in row ? DAY_TYPE_LABELS[row.dayType] : row.date || 'New date';
  return (
    <Stack gap="1" data-testid={`${kind}-row`}>
      <HStack gap="3" wrap="wrap" align="center">
        {'dayType' in row ? (
          <NativeSelect.Root size="sm" w={{ base: 'full', sm: '40' }} flexShrink={0}>
            <NativeSelect.Field
              aria-label={`Day ${index + 1}`}
              value={row.dayType}
              onChange={(e) => props.onChange({ ...row, dayType: e.currentTarget.value as DayType })}
            >
              {DAY_TYPES.map((d) => (
                <option key={d} value={d}>
                  {DAY_TYPE_LABELS[d]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : (
          <Input
            size="sm"
            type="date"
            w={{ base: 'full', sm: '40' }}
            flexShrink={0}
            aria-label={`Date ${index + 1}`}
            value={row.date}
            aria-invalid={!!at('date')}
            onChange={(e) => props.onChange({ ...row, date: e.currentTarget.value })}
          />
        )}
        <TimeSelect
          label={`Opens (${label})`}
          value={row.openTime}
          disabled={row.isClosed}
          invalid={!!at('openTime')}
          onChange={(v) => props.onChange({ ...row, openTime: v })}
        />
        <Text color="fg.muted">to</Text>
        <TimeSelect
          label={`Closes (${label})`}
          value={row.closeTime}
          disabled={row.isClosed}
          invalid={!!at('closeTime')}
          onChange={(v) => props.onChange({ ...row, closeTime: v })}
        />
        <Checkbox.Root
          size="sm"
          checked={row.isClosed}
          onCheckedChange={(e) => props.onChange(setClosed(row, e.checked === true))}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Closed</Checkbox.Label>
        </Checkbox.Root>
        <IconButton
          size="sm"
          variant="ghost"
          colorPalette="red"
          aria-label={`Delete ${label}`}
          disabled={!props.canDelete}
          onClick={props.onDelete}
        >
          <TrashIcon />
        </IconButton>
      </HStack>
      {rowError && (
        <Text color="fg.error" fontSize="sm">
          {rowError}
        </Text>
      )}
    </Stack>
  );
}
