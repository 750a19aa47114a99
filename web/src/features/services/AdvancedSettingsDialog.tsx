import {
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { ADDON_RATE_TYPES, RATE_TYPE_LABEL } from '../../../../shared/domain/pricing.js';
import { CloseIcon } from '../../components/icons.js';
import { ReminderOffsetsField } from '../../components/ReminderOffsetsField.js';
import { DEFAULT_REMINDER_MINUTES } from '../../../../shared/domain/reminders.js';
import type { AddonForm, ServiceFormState } from './serviceForm.js';
import { WaitlistSettingsFields } from './WaitlistSettingsFields.js';

/** The part of the service form this dialog edits. Apply Settings hands it back; nothing is saved here. */
export type AdvancedSettings = Pick<
  ServiceFormState,
  | 'maxParticipants'
  | 'enablePublicBookings'
  | 'collectAllergies'
  | 'paymentSettings'
  | 'paymentNote'
  | 'enableAddons'
  | 'addons'
  | 'reminderSettings'
  | 'waitlistEnabled'
  | 'holdMinutes'
>;

const TABS = ['Hosts', 'RSVPs', 'Questionnaire', 'Privacy', 'Payment Options', 'Add-ons', 'Reminders'] as const;
const COMING_SOON = new Set(['Hosts', 'Privacy']);

/**
 * The service's own reminders (R-SET-7): off, the store's defaults (no `beforeMinutes`), or its own
 * offsets. Other keys a stored value holds (older rows' `hoursBefore`, `message`) are kept as they are.
 */
export function RemindersEditor({
  value,
  onChange,
}: {
  value: Record<string, unknown>;
  onChange: (v: Record<string, unknown>) => void;
}) {
  const enabled = value.enabled !== false;
  const own = Array.isArray(value.beforeMinutes) ? (value.beforeMinutes as number[]) : null;
  return (
    <Stack gap="4">
      <Switch.Root
        checked={enabled}
        onCheckedChange={(e) => onChange({ ...value, enabled: e.checked })}
        colorPalette="brand"
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>Send reminders for this service's bookings</Switch.Label>
      </Switch.Root>
      {enabled && (
        <Switch.Root
          checked={own !== null}
          onCheckedChange={(e) => {
            const { beforeMinutes: _drop, ...rest } = value;
            onChange(e.checked ? { ...rest, beforeMinutes: [...DEFAULT_REMINDER_MINUTES] } : rest);
          }}
          colorPalette="brand"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Use this service's own reminder times</Switch.Label>
        </Switch.Root>
      )}
      {enabled && own !== null ? (
        <ReminderOffsetsField
          name="service-own"
          label="Remind customers"
          value={own}
          onChange={(beforeMinutes) => onChange({ ...value, beforeMinutes })}
        />
      ) : (
        <Text color="fg.muted" fontSize="sm">
          {enabled
            ? "Customers get the store's reminders for service bookings (Notification Preferences)."
            : 'Customers of this service get no reminders.'}
        </Text>
      )}
    </Stack>
  );
}

export function AddonsEditor({ addons, onChange }: { addons: AddonForm[]; onChange: (a: AddonForm[]) => void }) {
  const set = (i: number, patch: Partial<AddonForm>) =>
    onChange(addons.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  return (
    <Stack gap="2">
      {addons.map((a, i) => (
        <HStack key={a.id ?? i} align="flex-end">
          <Field.Root flex="2">
            <Field.Label>Add-on name</Field.Label>
            <Input
              value={a.name}
              onChange={(e) => set(i, { name: e.target.value })}
              aria-label={`Add-on ${i + 1} name`}
            />
          </Field.Root>
          <Field.Root flex="1">
            <Field.Label>Rate</Field.Label>
            <Input
              type="number"
              min={0}
              step={0.01}
              value={a.rate}
              onChange={(e) => set(i, { rate: e.target.value })}
              aria-label={`Add-on ${i + 1} rate`}
            />
          </Field.Root>
          <Field.Root flex="1">
            <Field.Label>Rate type</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={a.rateType}
                onChange={(e) => set(i, { rateType: e.target.value })}
                aria-label={`Add-on ${i + 1} rate type`}
              >
                {ADDON_RATE_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {RATE_TYPE_LABEL[t]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <IconButton
            aria-label={`Remove add-on ${i + 1}`}
            variant="ghost"
            onClick={() => onChange(addons.filter((_, j) => j !== i))}
          >
            <CloseIcon />
          </IconButton>
        </HStack>
      ))}
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        onClick={() => onChange([...addons, { name: '', rate: '', rateType: 'FIXED' }])}
      >
        Add Add-on
      </Button>
    </Stack>
  );
}

export function AdvancedSettingsDialog({
  open,
  value,
  onApply,
  onClose,
}: {
  open: boolean;
  value: AdvancedSettings;
  onApply: (v: AdvancedSettings) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(value);
  const [tab, setTab] = useState<string>('RSVPs');
  useEffect(() => {
    if (open) setDraft(value);
    // Only on opening: later changes of `value` are this dialog's own edits coming back.
  }, [open]);
  const max = Number(draft.maxParticipants);
  const maxInvalid = !Number.isInteger(max) || max < 1 || max > 100;
  const pay = (k: keyof AdvancedSettings['paymentSettings'], label: string) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        value={draft.paymentSettings[k]}
        onChange={(e) => setDraft({ ...draft, paymentSettings: { ...draft.paymentSettings, [k]: e.target.value } })}
      />
    </Field.Root>
  );

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      size={{ base: 'full', md: 'lg' }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Advanced Settings</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" size="sm">
                <Tabs.List flexWrap="wrap">
                  {TABS.map((t) => (
                    <Tabs.Trigger key={t} value={t}>
                      {t}
                    </Tabs.Trigger>
                  ))}
                </Tabs.List>
                {TABS.filter((t) => COMING_SOON.has(t)).map((t) => (
                  <Tabs.Content key={t} value={t}>
                    <Text color="fg.muted">Coming soon...</Text>
                  </Tabs.Content>
                ))}
                <Tabs.Content value="Reminders">
                  <RemindersEditor
                    value={draft.reminderSettings ?? {}}
                    onChange={(reminderSettings) => setDraft({ ...draft, reminderSettings })}
                  />
                </Tabs.Content>
                <Tabs.Content value="RSVPs">
                  <Stack gap="4">
                    <Field.Root invalid={maxInvalid}>
                      <Field.Label>Max participants</Field.Label>
                      <Input
                        type="number"
                        min={1}
                        max={100}
                        value={draft.maxParticipants}
                        onChange={(e) => setDraft({ ...draft, maxParticipants: e.target.value })}
                      />
                      <Field.ErrorText>Max participants must be between 1 and 100</Field.ErrorText>
                    </Field.Root>
                    <Switch.Root
                      checked={draft.enablePublicBookings}
                      onCheckedChange={(e) => setDraft({ ...draft, enablePublicBookings: e.checked })}
                    >
                      <Switch.HiddenInput />
                      <Switch.Control />
                      <Switch.Label>Enable public bookings</Switch.Label>
                    </Switch.Root>
                    <WaitlistSettingsFields
                      enabled={draft.waitlistEnabled}
                      holdMinutes={draft.holdMinutes}
                      publicBookings={draft.enablePublicBookings}
                      onChange={(v) => setDraft({ ...draft, ...v })}
                    />
                  </Stack>
                </Tabs.Content>
                <Tabs.Content value="Questionnaire">
                  <Switch.Root
                    checked={draft.collectAllergies}
                    onCheckedChange={(e) => setDraft({ ...draft, collectAllergies: e.checked })}
                  >
                    <Switch.HiddenInput />
                    <Switch.Control />
                    <Switch.Label>Ask about allergies</Switch.Label>
                  </Switch.Root>
                </Tabs.Content>
                <Tabs.Content value="Payment Options">
                  <Stack gap="3">
                    <Text fontSize="sm" color="fg.muted">
                      Leave a method blank to hide it.
                    </Text>
                    {pay('venmo', 'Venmo')}
                    {pay('cashApp', 'Cash App')}
                    {pay('paypal', 'PayPal')}
                    {pay('zelle', 'Zelle')}
                    <Field.Root>
                      <Field.Label>Payment note</Field.Label>
                      <Textarea
                        value={draft.paymentNote}
                        onChange={(e) => setDraft({ ...draft, paymentNote: e.target.value })}
                      />
                    </Field.Root>
                  </Stack>
                </Tabs.Content>
                <Tabs.Content value="Add-ons">
                  <Stack gap="3">
                    <Switch.Root
                      checked={draft.enableAddons}
                      onCheckedChange={(e) =>
                        setDraft({ ...draft, enableAddons: e.checked, addons: e.checked ? draft.addons : [] })
                      }
                    >
                      <Switch.HiddenInput />
                      <Switch.Control />
                      <Switch.Label>Enable add-ons</Switch.Label>
                    </Switch.Root>
                    {draft.enableAddons && (
                      <AddonsEditor addons={draft.addons} onChange={(addons) => setDraft({ ...draft, addons })} />
                    )}
                  </Stack>
                </Tabs.Content>
              </Tabs.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button colorPalette="brand" disabled={maxInvalid} onClick={() => onApply(draft)}>
                Apply Settings
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
