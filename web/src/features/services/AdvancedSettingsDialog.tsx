import {
  Button,
  CloseButton,
  Dialog,
  Field,
  Input,
  Portal,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { ServiceFormState } from './serviceForm.js';
import { WaitlistSettingsFields } from './WaitlistSettingsFields.js';
import { AddonsEditor } from './AddonsEditor.js';
import { RemindersEditor } from './RemindersEditor.js';

/** The part of the service form this dialog edits. Apply Settings hands it back; nothing is saved here. */
export type AdvancedSettings = Pick<
  ServiceFormState,
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

/** The service form's Advanced Settings (R-SVC-3): RSVPs, questionnaire, payment options, add-ons, reminders. */
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
              <Button colorPalette="brand" onClick={() => onApply(draft)}>
                Apply Settings
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
