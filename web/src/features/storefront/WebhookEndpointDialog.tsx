import { Alert, Checkbox, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { webhookCreateBody } from '../../../../shared/contract/webhook-models.js';
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  type WebhookEvent,
} from '../../../../shared/domain/webhooks.js';
import { errorMessage } from '../../api/client.js';
import { FormDialog } from '../../components/FormDialog.js';
import { FormField } from '../../components/form.js';
import { useCreateWebhook, type WebhookForm } from './api/create-webhook.js';
import type { Webhook } from './api/get-webhooks.js';
import { useUpdateWebhook } from './api/update-webhook.js';
import { WEBHOOK_TEXT } from './webhookText.js';

const DEFAULTS: WebhookForm = { url: '', events: [...WEBHOOK_EVENTS], description: '' };

/** Adds an endpoint (its signing secret goes to onCreated, shown once) or edits one: URL, description, events. */
export function WebhookEndpointDialog(props: {
  open: boolean;
  editing: Webhook | null;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateWebhook({
    success: WEBHOOK_TEXT.created,
    failure: WEBHOOK_TEXT.createFailed,
    toastFailure: false,
  });
  const update = useUpdateWebhook({
    success: WEBHOOK_TEXT.saved,
    failure: WEBHOOK_TEXT.saveFailed,
    toastFailure: false,
  });
  const defaults = useMemo<WebhookForm>(
    () =>
      props.editing
        ? { url: props.editing.url, events: props.editing.events, description: props.editing.description }
        : DEFAULTS,
    [props.editing],
  );
  return (
    <FormDialog
      open={props.open}
      title={props.editing ? 'Edit webhook endpoint' : 'Add webhook endpoint'}
      schema={webhookCreateBody}
      defaultValues={defaults}
      submitLabel={props.editing ? 'Save' : 'Add endpoint'}
      onClose={() => {
        setFailure(null);
        props.onClose();
      }}
      onSubmit={async (validated, f) => {
        setFailure(null);
        // The checkboxes set `events` with setValue, which the resolver's copy may miss: the form's own
        // value, checked again by the contract's schema.
        const checked = webhookCreateBody.safeParse({ ...validated, events: f.getValues('events') });
        if (!checked.success) {
          f.setError('events', { message: checked.error.issues[0]?.message ?? 'Choose at least one event' });
          return false;
        }
        const values = checked.data;
        if (props.editing) {
          const r = await update.run(props.editing.id, values);
          if (!r.ok) {
            setFailure(errorMessage(r.error, WEBHOOK_TEXT.saveFailed));
            return false;
          }
          return;
        }
        const r = await create.run(values);
        if (!r.ok) {
          setFailure(errorMessage(r.error, WEBHOOK_TEXT.createFailed));
          return false;
        }
        props.onCreated(r.value.secret);
      }}
    >
      {(form) => {
        const chosen = new Set((form.watch('events') ?? []) as WebhookEvent[]);
        // Read at the click, not from this render: the checkbox may hold on to an older callback.
        const toggle = (e: WebhookEvent, on: boolean) => {
          const now = new Set((form.getValues('events') ?? []) as WebhookEvent[]);
          const next = WEBHOOK_EVENTS.filter((x) => (x === e ? on : now.has(x)));
          form.setValue('events', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
        };
        const eventsError = form.formState.errors.events?.message;
        return (
          <Stack gap="4">
            {failure && (
              <Alert.Root status="error" size="sm" role="alert">
                <Alert.Indicator />
                <Alert.Description>{failure}</Alert.Description>
              </Alert.Root>
            )}
            <FormField
              name="url"
              label="Endpoint URL"
              required
              helper="An https:// address your server receives POST requests on."
            >
              <Input
                {...form.register('url')}
                type="url"
                inputMode="url"
                maxLength={WEBHOOK_URL_MAX}
                placeholder="https://example.com/webhooks/bookings"
                autoComplete="off"
              />
            </FormField>
            <FormField name="description" label="Description" helper="What receives these events (optional).">
              <Input {...form.register('description')} maxLength={WEBHOOK_DESCRIPTION_MAX} autoComplete="off" />
            </FormField>
            <Stack gap="2" role="group" aria-labelledby="webhook-events-label">
              <Text id="webhook-events-label" fontWeight="medium" fontSize="sm">
                Events
              </Text>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
                {WEBHOOK_EVENTS.map((e) => (
                  <Checkbox.Root key={e} checked={chosen.has(e)} onCheckedChange={(d) => toggle(e, d.checked === true)}>
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{WEBHOOK_EVENT_LABELS[e]}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </SimpleGrid>
              {eventsError && (
                <Text color="fg.error" fontSize="sm" role="alert">
                  {String(eventsError)}
                </Text>
              )}
            </Stack>
          </Stack>
        );
      }}
    </FormDialog>
  );
}
