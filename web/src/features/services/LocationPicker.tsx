import { HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { locationBody } from '../../../../shared/contract/inventory-request-models.js';
import { maxLengthOf } from '../../components/form.js';
import { useCreateLocation, useLocations } from '../inventory/api/index.js';

const ADD_NEW = '__add_new__';
const LOCATION_CREATE_FAILED = 'Failed to create location. Please try again.';

/** '-' for none, an existing location, or add new inline: Enter saves, Escape cancels (R-INV-8). */
export function LocationPicker({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  const { data, error } = useLocations();
  const names = (data ?? []).map((l) => l.name);
  if (value && !names.includes(value)) names.push(value);
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState('');
  // The hook owns the submission key and reads the locations again; a failure is an alert here (R-INV-8).
  const create = useCreateLocation({ failure: LOCATION_CREATE_FAILED, toastFailure: false });
  const busy = create.busy;

  async function save() {
    const name = draft.trim();
    if (!name) return;
    const res = await create.run(name);
    if (!res.ok) {
      window.alert(LOCATION_CREATE_FAILED);
      return;
    }
    onChange(name);
    setAdding(false);
    setDraft('');
  }

  if (adding) {
    return (
      <HStack>
        <Input
          autoFocus
          // The dialog leaves Escape to this box: it cancels the new location only (R-INV-8).
          data-own-escape=""
          maxLength={maxLengthOf(locationBody, 'name')}
          aria-label="New location name"
          placeholder="New location name"
          value={draft}
          disabled={busy}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void save();
            }
            if (e.key === 'Escape') {
              // The location input's Escape cancels the add, not the whole dialog.
              e.stopPropagation();
              e.preventDefault();
              setAdding(false);
              setDraft('');
            }
          }}
        />
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
          Enter to save, Esc to cancel
        </Text>
      </HStack>
    );
  }
  return (
    <Stack gap="1">
      <NativeSelect.Root>
        <NativeSelect.Field
          aria-label="Location"
          value={value}
          onChange={(e) => (e.target.value === ADD_NEW ? setAdding(true) : onChange(e.target.value))}
        >
          <option value="">-</option>
          {names.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
          <option value={ADD_NEW}>+ Add new location</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error && !data && (
        <Text fontSize="xs" color="fg.error" role="alert">
          Failed to load locations
        </Text>
      )}
    </Stack>
  );
}
