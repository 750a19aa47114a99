import {
  Alert,
  Box,
  Button,
  Field,
  HStack,
  IconButton,
  Image,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { RATE_TYPE_LABEL, SERVICE_RATE_TYPES, TIER_RATE_TYPES } from '../../../../shared/domain/pricing.js';
import { errorMessage } from '../../api/client.js';
import { useMutationAction } from '../../api/mutation.js';
import { FormDialog } from '../../components/FormDialog.js';
import { FormField, useFieldLimit } from '../../components/form.js';
import { CloseIcon, SettingsIcon } from '../../components/icons.js';
import { notify } from '../../components/toaster.js';
import { AddonsEditor, AdvancedSettingsDialog, type AdvancedSettings } from './AdvancedSettingsDialog.js';
import { SERVICES, servicesApi } from './api/index.js';
import { LocationPicker } from './LocationPicker.js';
import { photoProblem, uploadServicePhoto } from './photoUpload.js';
import {
  emptyServiceForm,
  emptySlot,
  formFromService,
  payloadFromForm,
  serviceFormSchema,
  splitPreview,
  type ApiService,
  type ServiceFormValues,
} from './serviceForm.js';
import { useSubmissionKey } from '../../api/submission-key.js';
import { useOrgTimeZone } from '../../app/time-zone.js';
import { serviceZone } from '../../../../shared/domain/slots.js';

const ADVANCED_KEYS = [
  'maxParticipants',
  'enablePublicBookings',
  'collectAllergies',
  'paymentSettings',
  'paymentNote',
  'enableAddons',
  'addons',
] as const;

type Form = UseFormReturn<z.input<typeof serviceFormSchema>, unknown, z.output<typeof serviceFormSchema>>;
const dirtying = { shouldDirty: true } as const;

function ServiceFields(props: {
  form: Form;
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
  const slots = useFieldArray({ control: form.control, name: 'availability' });
  const tiers = useFieldArray({ control: form.control, name: 'pricingTiers' });
  const [photoError, setPhotoError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { errors } = form.formState;
  const tiered = form.watch('enableTieredPricing');
  const addonsOn = form.watch('enableAddons');

  // R-SVC-1: the fresh copy replaces the list's copy, unless the person has already started editing.
  useEffect(() => {
    if (!props.fresh || form.formState.isDirty) return;
    const next = splitPreview(formFromService(props.fresh));
    form.reset(next.values);
    setPreview(next.photoPreview);
  }, [props.fresh, form, setPreview]);

  const photoSubmission = useSubmissionKey();

  async function pickPhoto(file: File | undefined) {
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) {
      setPhotoError(problem);
      return;
    }
    setPhotoError(null);
    const local = URL.createObjectURL(file);
    setPreview(local);
    props.setUploading(true);
    try {
      const photo = [file.name, file.size, file.lastModified, props.serviceId ?? null];
      form.setValue(
        'photoBaseKey',
        await photoSubmission.send(photo, (key) => uploadServicePhoto(file, props.serviceId ?? undefined, key)),
        dirtying,
      );
    } catch {
      // R-SVC-1: on failure the preview is cleared.
      setPreview('');
      form.setValue('photoBaseKey', '', dirtying);
      notify.error('Failed to upload photo. Please try again.');
    } finally {
      props.setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  const availabilityError = errors.availability as { message?: string; root?: { message?: string } } | undefined;
  const slotMessage = availabilityError?.message ?? availabilityError?.root?.message;
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
      <Field.Root invalid={!!photoError}>
        <Field.Label>Photo</Field.Label>
        <HStack align="flex-start" gap="4">
          {preview ? (
            <Box position="relative">
              <Image
                src={preview}
                alt="Service photo preview"
                boxSize="120px"
                objectFit="cover"
                borderRadius="md"
                data-testid="photo-preview"
              />
              <IconButton
                aria-label="Remove photo"
                size="2xs"
                position="absolute"
                top="1"
                right="1"
                onClick={() => {
                  setPreview('');
                  form.setValue('photoBaseKey', '', dirtying);
                }}
              >
                <CloseIcon />
              </IconButton>
            </Box>
          ) : null}
          <Stack gap="1">
            <Button
              size="sm"
              variant="outline"
              loading={props.uploading}
              loadingText="Uploading..."
              onClick={() => fileInput.current?.click()}
            >
              {preview ? 'Change photo' : 'Upload photo'}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              hidden
              aria-label="Photo file"
              onChange={(e) => void pickPhoto(e.target.files?.[0])}
            />
            <Text fontSize="xs" color="fg.muted">
              PNG, JPG, GIF up to 10MB
            </Text>
          </Stack>
        </HStack>
        <Field.ErrorText>{photoError}</Field.ErrorText>
      </Field.Root>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
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
      </SimpleGrid>

      <Field.Root invalid={!!slotMessage}>
        <Field.Label>Availability</Field.Label>
        <Stack gap="2" w="full">
          {slots.fields.map((s, i) => (
            <HStack key={s.id} align="flex-end" flexWrap={{ base: 'wrap', md: 'nowrap' }} data-testid="slot-row">
              <Field.Root flex="2" minW="140px">
                <Field.Label fontSize="xs">Date</Field.Label>
                <Input type="date" aria-label={`Slot ${i + 1} date`} {...form.register(`availability.${i}.date`)} />
              </Field.Root>
              <Field.Root flex="1" minW="110px">
                <Field.Label fontSize="xs">Start</Field.Label>
                <Input
                  type="time"
                  aria-label={`Slot ${i + 1} start time`}
                  {...form.register(`availability.${i}.startTime`)}
                />
              </Field.Root>
              <Field.Root flex="1" minW="110px">
                <Field.Label fontSize="xs">End</Field.Label>
                <Input
                  type="time"
                  aria-label={`Slot ${i + 1} end time`}
                  {...form.register(`availability.${i}.endTime`)}
                />
              </Field.Root>
              <Field.Root flex="1" minW="90px">
                <Field.Label fontSize="xs">Slots</Field.Label>
                <Input
                  type="number"
                  min={1}
                  step={1}
                  aria-label={`Slot ${i + 1} places`}
                  {...form.register(`availability.${i}.slotsAvailable`, {
                    // Editing the count sets the capacity too (R-SVC-1 originalSlotsAvailable).
                    onChange: () => form.setValue(`availability.${i}.originalSlotsAvailable`, undefined),
                  })}
                />
              </Field.Root>
              <IconButton
                aria-label={`Remove slot ${i + 1}`}
                variant="ghost"
                disabled={slots.fields.length <= 1}
                onClick={() => slots.fields.length > 1 && slots.remove(i)}
              >
                <CloseIcon />
              </IconButton>
            </HStack>
          ))}
          <Button
            size="sm"
            variant="outline"
            alignSelf="flex-start"
            onClick={() => slots.append(emptySlot(), { shouldFocus: false })}
          >
            Add Time Slot
          </Button>
        </Stack>
        <Field.HelperText data-testid="slot-zone">Times are in {slotZone}</Field.HelperText>
        <Field.ErrorText>{slotMessage}</Field.ErrorText>
      </Field.Root>

      <FormField name="notes" label="Notes (important information)">
        <Textarea maxLength={useFieldLimit('notes')} {...form.register('notes')} />
      </FormField>

      <Stack gap="2">
        <Controller
          control={form.control}
          name="enableTieredPricing"
          render={({ field }) => (
            <Switch.Root
              checked={field.value}
              onCheckedChange={(e) => {
                field.onChange(e.checked);
                if (!e.checked) form.setValue('pricingTiers', [], dirtying);
              }}
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>Tiered pricing</Switch.Label>
            </Switch.Root>
          )}
        />
        {tiered && (
          <Stack gap="2">
            {tiers.fields.map((t, i) => (
              <HStack key={t.id} align="flex-end" flexWrap="wrap">
                <Input
                  flex="2"
                  minW="120px"
                  placeholder="Tier name"
                  aria-label={`Tier ${i + 1} name`}
                  {...form.register(`pricingTiers.${i}.name`)}
                />
                <Input
                  flex="1"
                  minW="80px"
                  type="number"
                  min={0}
                  step={0.01}
                  placeholder="Rate"
                  aria-label={`Tier ${i + 1} rate`}
                  {...form.register(`pricingTiers.${i}.rate`)}
                />
                <NativeSelect.Root flex="1" minW="120px">
                  <NativeSelect.Field
                    aria-label={`Tier ${i + 1} rate type`}
                    {...form.register(`pricingTiers.${i}.rateType`)}
                  >
                    {TIER_RATE_TYPES.map((x) => (
                      <option key={x} value={x}>
                        {RATE_TYPE_LABEL[x]}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Input
                  flex="1"
                  minW="130px"
                  type="date"
                  aria-label={`Tier ${i + 1} valid from`}
                  {...form.register(`pricingTiers.${i}.validFrom`)}
                />
                <Input
                  flex="1"
                  minW="130px"
                  type="date"
                  aria-label={`Tier ${i + 1} valid to`}
                  {...form.register(`pricingTiers.${i}.validTo`)}
                />
                <IconButton aria-label={`Remove tier ${i + 1}`} variant="ghost" onClick={() => tiers.remove(i)}>
                  <CloseIcon />
                </IconButton>
              </HStack>
            ))}
            <Button
              size="sm"
              variant="outline"
              alignSelf="flex-start"
              onClick={() =>
                tiers.append(
                  { name: '', rate: '', rateType: 'FIXED', validFrom: '', validTo: '' },
                  { shouldFocus: false },
                )
              }
            >
              Add Pricing Tier
            </Button>
          </Stack>
        )}
      </Stack>

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
  const submission = useSubmissionKey();

  useEffect(() => {
    setFresh(null);
    if (!open) return;
    setFailure(null);
    setPreview(start.photoPreview);
    if (!service) return;
    // R-SVC-1: a fresh copy before editing; the list's copy stands in when that fails.
    let cancelled = false;
    servicesApi
      .get(service.id)
      .then((f) => !cancelled && setFresh(f))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [open, service, start]);

  const fallback = service ? 'Failed to update service' : 'Failed to create service';
  const save = useMutationAction(
    (values: ServiceFormValues) => {
      const body = payloadFromForm(values);
      return service
        ? servicesApi.update(service.id, body)
        : submission.send(body, (key) => servicesApi.create(body, key));
    },
    {
      success: service ? 'Service updated successfully!' : 'Service created successfully!',
      failure: fallback,
      revalidate: [SERVICES],
    },
  );

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
        const r = await save.run(values);
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
