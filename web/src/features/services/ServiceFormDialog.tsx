import { Alert, Field, IconButton, Input, SimpleGrid, NativeSelect, Stack, Switch, Textarea } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { RATE_TYPE_LABEL, SERVICE_RATE_TYPES } from '../../../../shared/domain/pricing.js';
import { serviceZone } from '../../../../shared/domain/slots.js';
import { errorMessage } from '../../api/client.js';
import { useOrgTimeZone } from '../../app/time-zone.js';
import { FormDialog } from '../../components/FormDialog.js';
import { FormField, useFieldLimit } from '../../components/form.js';
import { SettingsIcon } from '../../components/icons.js';
import { AddonsEditor } from './AddonsEditor.js';
import { type AdvancedSettings, AdvancedSettingsDialog } from './AdvancedSettingsDialog.js';
import { getService, useSaveService } from './api/index.js';
import { LocationPicker } from './LocationPicker.js';
import { AvailabilityField, dirtying, PricingTiersField, type ServiceForm } from './ServiceFormSections.js';
import { ServicePhotoField } from './ServicePhotoField.js';
import { TicketTypesEditor } from './TicketTypesEditor.js';
import { type ApiService, emptyServiceForm, formFromService, payloadFromForm, splitPreview } from './serviceForm.js';
import { serviceFormSchema } from './serviceFormSchema.js';

const ADVANCED_KEYS = [
  'enablePublicBookings',
  'collectAllergies',
  'paymentSettings',
  'paymentNote',
  'enableAddons',
  'addons',
  'reminderSettings',
  'waitlistEnabled',
  'holdMinutes',
] as const;

function ServiceFields(props: {
  form: ServiceForm;
  serviceId: string | null;
  fresh: ApiService | null;
  failure: string | null;
  preview: string;
  setPreview: (p: string) => void;
  uploading: boolean;
  setUploading: (b: boolean) => void;
  advanced: boolean;
  setAdvanced: (b: boolean) => void;
}) {
  const { form, preview, setPreview } = props;
  // Slots are wall-clock times of the organization's zone (or of a zone this service already carries), never the browser's.
  const orgZone = useOrgTimeZone();
  const slotZone = serviceZone(props.fresh ?? {}, orgZone);
  const addonsOn = form.watch('enableAddons');

  // R-SVC-1: the fresh copy replaces the list's copy, unless the person has already started editing.
  useEffect(() => {
    if (!props.fresh || form.formState.isDirty) return;
    const next = splitPreview(formFromService(props.fresh));
    form.reset(next.values);
    setPreview(next.photoPreview);
  }, [props.fresh, form, setPreview]);

  const pick = (): AdvancedSettings =>
    Object.fromEntries(ADVANCED_KEYS.map((k) => [k, form.getValues(k)])) as AdvancedSettings;

  return (
    <Stack gap="4">
      {props.failure && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{props.failure}</Alert.Title>
        </Alert.Root>
      )}
      <FormField name="name" label="Name" required>
        <Input maxLength={useFieldLimit('name')} {...form.register('name')} />
      </FormField>
      <FormField name="description" label="Description">
        <Textarea maxLength={useFieldLimit('description')} {...form.register('description')} />
      </FormField>
      <Field.Root>
        <Field.Label>Location</Field.Label>
        <Controller
          control={form.control}
          name="location"
          render={({ field }) => <LocationPicker value={field.value} onChange={field.onChange} />}
        />
      </Field.Root>
      <ServicePhotoField
        form={form}
        serviceId={props.serviceId}
        preview={preview}
        setPreview={setPreview}
        uploading={props.uploading}
        setUploading={props.setUploading}
      />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <FormField name="rate" label="Rate ($)" required>
          <Input type="number" min={0} step={0.01} placeholder="0.00" {...form.register('rate')} />
        </FormField>
        <FormField name="rateType" label="Rate type" required>
          <NativeSelect.Root>
            <NativeSelect.Field {...form.register('rateType')}>
              {SERVICE_RATE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {RATE_TYPE_LABEL[t]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        {/* On the form itself, not behind Advanced Settings: it bounds every booking (R-SVC-12). */}
        <FormField name="maxParticipants" label="Max participants per booking" required>
          <Input type="number" min={1} max={100} step={1} {...form.register('maxParticipants')} />
        </FormField>
      </SimpleGrid>

      <AvailabilityField form={form} slotZone={slotZone} />

      <FormField name="notes" label="Notes (important information)">
        <Textarea maxLength={useFieldLimit('notes')} {...form.register('notes')} />
      </FormField>

      <PricingTiersField form={form} />

      <Controller
        control={form.control}
        name="ticketTypes"
        render={({ field }) => <TicketTypesEditor types={field.value} onChange={field.onChange} />}
      />

      <Stack gap="2">
        <Controller
          control={form.control}
          name="enableAddons"
          render={({ field }) => (
            <Switch.Root
              checked={field.value}
              onCheckedChange={(e) => {
                field.onChange(e.checked);
                if (!e.checked) form.setValue('addons', [], dirtying);
              }}
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>Add-ons</Switch.Label>
            </Switch.Root>
          )}
        />
        {addonsOn && (
          <Controller
            control={form.control}
            name="addons"
            render={({ field }) => <AddonsEditor addons={field.value} onChange={field.onChange} />}
          />
        )}
      </Stack>

      <AdvancedSettingsDialog
        open={props.advanced}
        value={pick()}
        onClose={() => props.setAdvanced(false)}
        onApply={(v) => {
          for (const k of ADVANCED_KEYS) form.setValue(k, v[k] as never, dirtying);
          props.setAdvanced(false);
        }}
      />
    </Stack>
  );
}

/** "Add New Service or Event" / "Edit Service or Event" (R-PLAT-4, R-SVC-3). */
export function ServiceFormDialog({
  open,
  service,
  onClose,
  onSaved,
}: {
  open: boolean;
  service: ApiService | null;
  onClose: () => void;
  onSaved: (s: ApiService) => void;
}) {
  const start = useMemo(() => splitPreview(service ? formFromService(service) : emptyServiceForm()), [service]);
  const [fresh, setFresh] = useState<ApiService | null>(null);
  const [preview, setPreview] = useState('');
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [advanced, setAdvanced] = useState(false);

  useEffect(() => {
    setFresh(null);
    if (!open) return;
    setFailure(null);
    setPreview(start.photoPreview);
    if (!service) return;
    // R-SVC-1: a fresh copy before editing; the list's copy stands in when that fails.
    let cancelled = false;
    getService(service.id)
      .then((f) => !cancelled && setFresh(f))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [open, service, start]);

  const fallback = service ? 'Failed to update service' : 'Failed to create service';
  // The hook revalidates the services; a failure is toasted and also shown in the form.
  const save = useSaveService(service?.id ?? null, {
    success: service ? 'Service updated successfully!' : 'Service created successfully!',
    failure: fallback,
  });

  return (
    <FormDialog
      open={open}
      wide
      title={service ? 'Edit Service or Event' : 'Add New Service or Event'}
      schema={serviceFormSchema}
      defaultValues={start.values}
      submitLabel={service ? 'Update Service' : 'Create Service'}
      submitDisabled={uploading}
      headerEnd={
        <IconButton aria-label="Advanced Settings" variant="ghost" size="sm" onClick={() => setAdvanced(true)}>
          <SettingsIcon />
        </IconButton>
      }
      onClose={onClose}
      onSubmit={async (values) => {
        setFailure(null);
        const r = await save.run(payloadFromForm(values));
        if (!r.ok) {
          setFailure(errorMessage(r.error, fallback));
          return false;
        }
        onSaved(r.value);
      }}
    >
      {(form) => (
        <ServiceFields
          form={form}
          serviceId={service?.id ?? null}
          fresh={fresh}
          failure={failure}
          preview={preview}
          setPreview={setPreview}
          uploading={uploading}
          setUploading={setUploading}
          advanced={advanced}
          setAdvanced={setAdvanced}
        />
      )}
    </FormDialog>
  );
}
