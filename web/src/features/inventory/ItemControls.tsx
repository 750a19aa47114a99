/** The items tab's small controls: a labelled select, a row checkbox, a row's status menu. */
import { Checkbox, NativeSelect } from '@chakra-ui/react';
import type { InventoryItem, ItemStatus } from '../../../../shared/contract/inventory-models.js';
import { statusDropdown, statusLabel } from './itemRules.js';

export function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: React.ReactNode;
}) {
  return (
    <NativeSelect.Root size="sm" width="auto" minW="40">
      <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** A row (or select-all) checkbox without a visible label: the name is for screen readers and tests. */
export function SelectBox({
  label,
  checked,
  onToggle,
}: {
  label: string;
  checked: boolean | 'indeterminate';
  onToggle: () => void;
}) {
  return (
    <Checkbox.Root size="sm" checked={checked} onCheckedChange={onToggle}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      {/* The input's aria-labelledby names this label (docs/decisions/0020-accessibility-checked-by-axe.md). */}
      <Checkbox.Label srOnly>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/** A manager's per-row status control; see statusDropdown for which options it offers. */
export function StatusDropdown({
  item,
  onChange,
}: {
  item: InventoryItem;
  onChange: (s: Exclude<ItemStatus, 'IN_USE'>) => void;
}) {
  const { options, disabled } = statusDropdown(item.status);
  return (
    <NativeSelect.Root size="xs" width="40" disabled={disabled}>
      <NativeSelect.Field
        aria-label={`Status of ${item.itemNumber}`}
        value={item.status}
        onChange={(e) => onChange(e.target.value as Exclude<ItemStatus, 'IN_USE'>)}
      >
        {options.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
