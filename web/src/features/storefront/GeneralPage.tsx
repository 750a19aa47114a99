import { Field, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { STORE_CURRENCY, STORE_LANGUAGE } from '../../../../shared/domain/storefront.js';
import { useSession } from '../../app/SessionProvider.js';
import { useOrgTimeZone } from '../../app/time-zone.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { notify } from '../../components/toaster.js';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard.js';
import { useConfirm } from '../../components/useConfirm.js';
import { updateGeneral, useGeneral } from './api/index.js';
import { useCan } from './api/permissions.js';
import { CANCEL_QUESTION, ViewEditFrame } from './shared.js';

/** Every IANA zone this browser knows (the server checks the same way, shared/domain/time.ts isValidTimeZone). */
export function allTimeZones(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    // An older browser: the current zone only; typing another one still works through the search box.
  }
  return zones.includes(current) ? zones : [current, ...zones];
}

/** Zones whose name holds every word typed ("new york", "europe par"), case and '_' ignored. */
export function matchZones(zones: string[], search: string): string[] {
  const words = search.toLowerCase().replace(/_/g, ' ').split(/\s+/).filter(Boolean);
  if (!words.length) return zones;
  return zones.filter((z) => {
    const name = z.toLowerCase().replace(/_/g, ' ');
    return words.every((w) => name.includes(w));
  });
}

/**
 * R-SET-14: what a zone change moves, as this code behaves (docs/decisions/0271-time-zone-a-setting.md): bookings are
 * instants, services without their own zone and opening hours are wall-clock times read in the organization's zone.
 */
export function zoneChangeMessage(from: string, to: string): string {
  return [
    `The time zone changes from ${from} to ${to}.`,
    `• Bookings already made keep their moment in time; staff screens show them at ${to} clock times. Their e-mails and reminders keep naming the zone they were booked in.`,
    `• Services without a zone of their own read their slot times in ${to}: a 10:00 slot becomes 10:00 ${to} time. Services saved with their own zone keep it.`,
    `• Opening hours, "today", day boundaries and reports are read in ${to}.`,
    '• Other people signed in see the new zone after they next sign in.',
  ].join('\n');
}

/** General (R-SET-14): the organization's time zone, saved after a confirmation; currency and language read-only. */
export default function GeneralPage() {
  const { data, error, isLoading, mutate } = useGeneral();
  const sessionZone = useOrgTimeZone();
  const session = useSession();
  const canEdit = useCan('systemSettings.configureSystem');
  const { confirm, confirmDialog } = useConfirm();
  const saved = data?.timeZone ?? sessionZone;
  const [editing, setEditing] = useState(false);
  const [zone, setZone] = useState(saved);
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState(false);
  const zones = useMemo(() => allTimeZones(saved), [saved]);
  const matches = useMemo(() => matchZones(zones, search), [zones, search]);
  // The chosen zone stays listed, so the select never shows a value it does not hold.
  const shown = matches.includes(zone) ? matches : [zone, ...matches];

  if (isLoading) return <PageSpinner />;
  const loadFailed = error ? 'Could not load the general settings; showing the zone you signed in with.' : null;
  const dirty = editing && zone !== saved;
  const close = () => {
    setEditing(false);
    setSearch('');
    setZone(saved);
  };

  const save = async () => {
    if (!dirty) return;
    const ok = await confirm({
      title: 'Change the time zone?',
      message: zoneChangeMessage(saved, zone),
      confirmLabel: 'Change time zone',
    });
    if (!ok) return;
    setSaving(true);
    try {
      const res = await updateGeneral({ timeZone: zone });
      await mutate(res.data, { revalidate: false });
      // This browser's screens read the zone from the session (web/src/app/time-zone.ts).
      const s = session.session;
      if (s.status === 'authenticated' && s.user.organization)
        session.updateUser({ ...s.user, organization: { ...s.user.organization, timeZone: res.data.timeZone } });
      setEditing(false);
      setSearch('');
      notify.success('Time zone saved');
    } catch {
      notify.error('Failed to save the time zone. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <UnsavedChangesGuard when={dirty} />
      <ViewEditFrame
        title="General"
        subtitle="Time zone, currency and language"
        editing={editing}
        canEdit={canEdit}
        dirty={dirty}
        saving={saving}
        loadFailed={loadFailed}
        onEdit={() => {
          setZone(saved);
          setEditing(true);
        }}
        onCancel={async () => {
          if (dirty && !(await confirm({ title: 'Discard changes?', message: CANCEL_QUESTION, destructive: true })))
            return;
          close();
        }}
        onSave={() => void save()}
      >
        <Stack gap="5">
          {editing ? (
            <Stack gap="3">
              <Field.Root>
                <Field.Label>Search time zones</Field.Label>
                <Input
                  type="search"
                  placeholder="e.g. New York, Europe, Tokyo"
                  value={search}
                  maxLength={64}
                  onChange={(e) => setSearch(e.currentTarget.value)}
                />
              </Field.Root>
              <Field.Root>
                <Field.Label>Time zone</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field value={zone} onChange={(e) => setZone(e.currentTarget.value)}>
                    {shown.map((z) => (
                      <option key={z} value={z}>
                        {z.replace(/_/g, ' ')}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.HelperText>
                  {matches.length} of {zones.length} zones match. Saving asks you to confirm what moves.
                </Field.HelperText>
              </Field.Root>
            </Stack>
          ) : (
            <Item label="Time zone" value={saved.replace(/_/g, ' ')} testId="general-timeZone" />
          )}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <Item label="Currency" value={`${STORE_CURRENCY} (the only currency)`} />
            <Item label="Language" value={`${STORE_LANGUAGE} (the only language)`} />
          </SimpleGrid>
        </Stack>
      </ViewEditFrame>
      {confirmDialog}
    </>
  );
}

function Item({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap="0.5" data-testid={testId}>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="medium" overflowWrap="anywhere">
        {value}
      </Text>
    </Stack>
  );
}
