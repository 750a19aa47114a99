import { Box, Button, Heading, Separator, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { DAY_TYPE_LABELS, DEFAULT_HOURS } from '../../../../shared/domain/settings.js';
import { errorMessage } from '../../api/client.js';
import { formatClock12, formatDay } from '../../components/format.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { notify } from '../../components/toaster.js';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard.js';
import { useConfirm } from '../../components/useConfirm.js';
import { useCan } from './api/permissions.js';
import { updateHours, useHours, type HoursData } from './api/index.js';
import { changed, issuesByPath, newRowId } from './hoursRules.js';
import { CANCEL_QUESTION, ViewEditFrame } from './shared.js';
import { RowEditor, type Row, type Special } from './HoursRowEditor.js';

const DEFAULTS: HoursData = { hours: DEFAULT_HOURS, specialHours: [] };

const rowText = (r: { openTime: string; closeTime: string; isClosed: boolean }) =>
  r.isClosed ? 'Closed' : `${formatClock12(r.openTime)} – ${formatClock12(r.closeTime)}`;

/** Opening Hours (R-SET-3): weekly rows and special hours, view mode then edit mode. */
export default function HoursPage() {
  const { data, error, isLoading, mutate } = useHours();
  const canEdit = useCan('systemSettings.configureSystem');
  const saved = data ?? DEFAULTS;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<HoursData>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const { confirm, confirmDialog } = useConfirm();
  const dirty = editing && changed(draft, saved);

  useEffect(() => {
    if (!editing) setDraft(saved);
  }, [data, editing]);

  const sortedSpecial = useMemo(() => [...saved.specialHours].sort((a, b) => a.date.localeCompare(b.date)), [saved]);
  if (isLoading) return <PageSpinner />;

  const setRow = (i: number, row: Row) =>
    setDraft((d) => ({ ...d, hours: d.hours.map((r, j) => (j === i ? row : r)) }));
  const setSpecial = (i: number, row: Special) =>
    setDraft((d) => ({ ...d, specialHours: d.specialHours.map((r, j) => (j === i ? row : r)) }));

  const cancel = async () => {
    if (
      dirty &&
      !(await confirm({
        title: 'Discard changes?',
        message: CANCEL_QUESTION,
        confirmLabel: 'Yes, cancel',
        cancelLabel: 'Keep editing',
        destructive: true,
      }))
    )
      return;
    setDraft(saved);
    setErrors({});
    setEditing(false);
  };

  const save = async () => {
    const body = {
      hours: draft.hours.map((r) => ({
        id: r.id.startsWith('new-') ? undefined : r.id,
        dayType: r.dayType,
        openTime: r.openTime,
        closeTime: r.closeTime,
        isClosed: r.isClosed,
      })),
      specialHours: draft.specialHours.map((r) => ({
        id: r.id.startsWith('new-') ? undefined : r.id,
        date: r.date,
        openTime: r.openTime,
        closeTime: r.closeTime,
        isClosed: r.isClosed,
      })),
    };
    // The contract's schema (zod) loads on the first save, not with the page (first-load budget).
    const { hoursBody } = await import('../../../../shared/contract/settings-models.js');
    const parsed = hoursBody.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const next = await updateHours(body);
      await mutate(next, { revalidate: false });
      setDraft(next);
      setEditing(false);
      notify.success('Operating hours saved successfully!');
    } catch (e) {
      const details = (e as { details?: { path: string; msg: string }[] }).details;
      if (details) setErrors(Object.fromEntries(details.map((d) => [d.path.replace(/^body\./, ''), d.msg])));
      notify.error('Failed to save operating hours. Please try again.', errorMessage(e, '') || undefined);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <UnsavedChangesGuard when={dirty} />
      <ViewEditFrame
        title="Opening Hours"
        subtitle="When customers can rent and book"
        editing={editing}
        canEdit={canEdit}
        dirty={dirty}
        saving={saving}
        loadFailed={error ? 'Could not load the saved opening hours; showing defaults.' : null}
        onEdit={() => setEditing(true)}
        onCancel={cancel}
        onSave={save}
      >
        {editing ? (
          <Stack gap="6">
            <Stack gap="3">
              <Heading as="h2" size="md">
                Regular hours
              </Heading>
              {errors.hours && (
                <Text color="fg.error" fontSize="sm">
                  {errors.hours}
                </Text>
              )}
              {draft.hours.map((r, i) => (
                <RowEditor
                  key={r.id}
                  row={r}
                  index={i}
                  kind="hours"
                  errors={errors}
                  canDelete={draft.hours.length > 1}
                  onChange={(row) => setRow(i, row)}
                  onDelete={() => setDraft((d) => ({ ...d, hours: d.hours.filter((_, j) => j !== i) }))}
                />
              ))}
              <Box>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    setDraft((d) => ({ ...d, hours: [...d.hours, { ...DEFAULT_HOURS[0]!, id: newRowId() }] }))
                  }
                >
                  Add Hours
                </Button>
              </Box>
            </Stack>
            <Separator />
            <Stack gap="3">
              <Heading as="h2" size="md">
                Special hours
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                Holidays and other days with different hours.
              </Text>
              {draft.specialHours.map((r, i) => (
                <RowEditor
                  key={r.id}
                  row={r}
                  index={i}
                  kind="specialHours"
                  errors={errors}
                  canDelete
                  onChange={(row) => setSpecial(i, row)}
                  onDelete={() => setDraft((d) => ({ ...d, specialHours: d.specialHours.filter((_, j) => j !== i) }))}
                />
              ))}
              <Box>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    setDraft((d) => ({
                      ...d,
                      specialHours: [
                        ...d.specialHours,
                        { id: newRowId(), date: '', openTime: '09:00', closeTime: '17:00', isClosed: false },
                      ],
                    }))
                  }
                >
                  Add Special Hours
                </Button>
              </Box>
            </Stack>
          </Stack>
        ) : (
          <Stack gap="6">
            <Stack gap="2">
              <Heading as="h2" size="md">
                Regular hours
              </Heading>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" maxW="lg">
                {saved.hours.map((r) => (
                  <Box key={r.id} display="contents">
                    <Text fontWeight="medium">{DAY_TYPE_LABELS[r.dayType]}</Text>
                    <Text color={r.isClosed ? 'fg.muted' : undefined}>{rowText(r)}</Text>
                  </Box>
                ))}
              </SimpleGrid>
            </Stack>
            <Stack gap="2">
              <Heading as="h2" size="md">
                Special hours
              </Heading>
              {sortedSpecial.length === 0 ? (
                <Text color="fg.muted">No special hours.</Text>
              ) : (
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" maxW="lg">
                  {sortedSpecial.map((r) => (
                    <Box key={r.id} display="contents">
                      <Text fontWeight="medium">{formatDay(r.date)}</Text>
                      <Text color={r.isClosed ? 'fg.muted' : undefined}>{rowText(r)}</Text>
                    </Box>
                  ))}
                </SimpleGrid>
              )}
            </Stack>
          </Stack>
        )}
      </ViewEditFrame>
      {confirmDialog}
    </>
  );
}
