import { HStack, Input, NativeSelect, Text } from '@chakra-ui/react';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../api/client.js';

interface Location {
  id: string;
  name: string;
}
const ADD_NEW = '__add_new__';

/** '-' for none, an existing location, or add new inline: Enter saves, Escape cancels (document 2 §2.3). */
export function LocationPicker({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  const { data, mutate } = useSWR('inventory.listLocations', () => api<Location[] | { locations?: Location[]; data?: Location[] }>('inventory.listLocations').catch(() => [] as Location[]));
  const list: Location[] = Array.isArray(data) ? data : data?.locations ?? data?.data ?? [];
  const names = list.map((l) => l.name);
  if (value && !names.includes(value)) names.push(value);
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);

  async function save() {
    const name = draft.trim();
    if (!name) return;
    setBusy(true);
    try {
      await api('inventory.createLocation', { body: { name } });
      await mutate();
      onChange(name);
      setAdding(false);
      setDraft('');
    } catch {
      window.alert('Failed to create location. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  if (adding) {
    return (
      <HStack>
        <Input
          autoFocus
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
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">Enter to save, Esc to cancel</Text>
      </HStack>
    );
  }
  return (
    <NativeSelect.Root>
      <NativeSelect.Field
        aria-label="Location"
        value={value}
        onChange={(e) => (e.target.value === ADD_NEW ? setAdding(true) : onChange(e.target.value))}
      >
        <option value="">-</option>
        {names.map((n) => <option key={n} value={n}>{n}</option>)}
        <option value={ADD_NEW}>+ Add new location</option>
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
