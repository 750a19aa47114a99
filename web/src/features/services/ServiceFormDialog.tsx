import { Alert, Box, Button, CloseButton, Dialog, Field, HStack, IconButton, Image, Input, NativeSelect, Portal, SimpleGrid, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { SERVICE_RATE_TYPES, STAFF_RATE_SUFFIX, TIER_RATE_TYPES } from '../../../../shared/domain/pricing.js';
import { errorMessage } from '../../api/client.js';
import { servicesApi } from './api/index.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { CloseIcon, SettingsIcon } from '../../components/icons.js';
import { notify } from '../../components/toaster.js';
import { UNSAVED_CHANGES_MESSAGE, UnsavedChangesGuard } from '../../components/UnsavedChangesGuard.js';
import { AddonsEditor, AdvancedSettingsDialog, type AdvancedSettings } from './AdvancedSettingsDialog.js';
import { LocationPicker } from './LocationPicker.js';
import { photoProblem, uploadServicePhoto } from './photoUpload.js';
import { emptyServiceForm, emptySlot, formFromService, formSnapshot, payloadFromForm, validateServiceForm, type ApiService, type FormErrors, type ServiceFormState, type TierForm } from './serviceForm.js';

const RATE_TYPE_LABEL: Record<string, string> = { PER_PERSON: 'Per person', HOURLY: 'Hourly', FIXED: 'Fixed' };

/** "Add New Service or Event" / "Edit Service or Event" (document 2 §2.2-§2.4). */
export function ServiceFormDialog({ open, service, onClose, onSaved }: { open: boolean; service: ApiService | null; onClose: () => void; onSaved: (s: ApiService) => void }) {
  const [form, setForm] = useState<ServiceFormState>(emptyServiceForm);
  const [initial, setInitial] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [advanced, setAdvanced] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    const start = service ? formFromService(service) : emptyServiceForm();
    setForm(start);
    setInitial(formSnapshot(start));
    setErrors({});
    setFailure(null);
    setPhotoError(null);
    // Document 2 §7: a fresh copy before editing; the list's copy stands in when that fails.
    if (service) {
      servicesApi.get(service.id)
        .then((fresh) => {
          if (cancelled) return;
          const f = formFromService(fresh);
          setForm(f);
          setInitial(formSnapshot(f));
        })
        .catch(() => undefined);
    }
    return () => {
      cancelled = true;
    };
  }, [open, service]);

  const dirty = useMemo(() => open && initial !== '' && formSnapshot(form) !== initial, [form, initial, open]);
  const set = <K extends keyof ServiceFormState>(k: K, v: ServiceFormState[K]) => setForm((f) => ({ ...f, [k]: v }));
  const requestClose = () => (dirty ? setConfirmClose(true) : onClose());

  async function pickPhoto(file: File | undefined) {
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) {
      setPhotoError(problem);
      return;
    }
    setPhotoError(null);
    const preview = URL.createObjectURL(file);
    set('photoPreview', preview);
    setUploading(true);
    try {
      const baseKey = await uploadServicePhoto(file, service?.id);
      setForm((f) => ({ ...f, photoBaseKey: baseKey, photoPreview: preview }));
    } catch {
      // Document 2 §7: on failure the preview is cleared.
      setForm((f) => ({ ...f, photoPreview: '', photoBaseKey: '' }));
      notify.error('Failed to upload photo. Please try again.');
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  async function submit() {
    const found = validateServiceForm(form);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    setFailure(null);
    try {
      const body = payloadFromForm(form);
      const saved = service
        ? await servicesApi.update(service.id, body)
        : await servicesApi.create(body);
      notify.success(service ? 'Service updated successfully!' : 'Service created successfully!');
      onSaved(saved);
    } catch (e) {
      const msg = errorMessage(e, service ? 'Failed to update service' : 'Failed to create service');
      setFailure(msg);
      notify.error(msg);
    } finally {
      setSaving(false);
    }
  }

  const setSlot = (i: number, patch: Partial<ServiceFormState['availability'][number]>) =>
    set('availability', form.availability.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const setTier = (i: number, patch: Partial<TierForm>) => set('pricingTiers', form.pricingTiers.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  const advancedValue: AdvancedSettings = {
    maxParticipants: form.maxParticipants, enablePublicBookings: form.enablePublicBookings, collectAllergies: form.collectAllergies,
    paymentSettings: form.paymentSettings, paymentNote: form.paymentNote, enableAddons: form.enableAddons, addons: form.addons,
  };

  return (
    <>
      {/* Browser Back, in-app links and reload ask too (document 1 §4). */}
      <UnsavedChangesGuard when={open && dirty} />
      <Dialog.Root open={open} onOpenChange={(e) => !e.open && requestClose()} size={{ base: 'full', sm: 'md', md: 'xl' }} scrollBehavior="inside" placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content aria-label={service ? 'Edit Service or Event' : 'Add New Service or Event'}>
              <Dialog.Header>
                <HStack justify="space-between" w="full" pr="8">
                  <Dialog.Title>{service ? 'Edit Service or Event' : 'Add New Service or Event'}</Dialog.Title>
                  <IconButton aria-label="Advanced Settings" variant="ghost" size="sm" onClick={() => setAdvanced(true)}>
                    <SettingsIcon />
                  </IconButton>
                </HStack>
              </Dialog.Header>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
              <Dialog.Body>
                <Stack gap="4">
                  {failure && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Title>{failure}</Alert.Title>
                    </Alert.Root>
                  )}
                  <Field.Root required invalid={!!errors.name}>
                    <Field.Label>Name <Field.RequiredIndicator /></Field.Label>
                    <Input name="name" value={form.name} onChange={(e) => set('name', e.target.value)} />
                    <Field.ErrorText>{errors.name}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>Description</Field.Label>
                    <Textarea name="description" value={form.description} onChange={(e) => set('description', e.target.value)} />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>Location</Field.Label>
                    <LocationPicker value={form.location} onChange={(v) => set('location', v)} />
                  </Field.Root>
                  <Field.Root invalid={!!photoError}>
                    <Field.Label>Photo</Field.Label>
                    <HStack align="flex-start" gap="4">
                      {form.photoPreview ? (
                        <Box position="relative">
                          <Image src={form.photoPreview} alt="Service photo preview" boxSize="120px" objectFit="cover" borderRadius="md" data-testid="photo-preview" />
                          <IconButton aria-label="Remove photo" size="2xs" position="absolute" top="1" right="1" onClick={() => setForm((f) => ({ ...f, photoBaseKey: '', photoPreview: '' }))}>
                            <CloseIcon />
                          </IconButton>
                        </Box>
                      ) : null}
                      <Stack gap="1">
                        <Button size="sm" variant="outline" loading={uploading} loadingText="Uploading..." onClick={() => fileInput.current?.click()}>
                          {form.photoPreview ? 'Change photo' : 'Upload photo'}
                        </Button>
                        <input ref={fileInput} type="file" accept="image/png,image/jpeg,image/gif,image/webp" hidden aria-label="Photo file" onChange={(e) => void pickPhoto(e.target.files?.[0])} />
                        <Text fontSize="xs" color="fg.muted">PNG, JPG, GIF up to 10MB</Text>
                      </Stack>
                    </HStack>
                    <Field.ErrorText>{photoError}</Field.ErrorText>
                  </Field.Root>
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <Field.Root required invalid={!!errors.rate}>
                      <Field.Label>Rate ($) <Field.RequiredIndicator /></Field.Label>
                      <Input name="rate" type="number" min={0} step={0.01} value={form.rate} onChange={(e) => set('rate', e.target.value)} placeholder="0.00" />
                      <Field.ErrorText>{errors.rate}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root required invalid={!!errors.rateType}>
                      <Field.Label>Rate type <Field.RequiredIndicator /></Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field name="rateType" value={form.rateType} onChange={(e) => set('rateType', e.target.value)}>
                          {SERVICE_RATE_TYPES.map((t) => <option key={t} value={t}>{RATE_TYPE_LABEL[t]} {STAFF_RATE_SUFFIX[t]}</option>)}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      <Field.ErrorText>{errors.rateType}</Field.ErrorText>
                    </Field.Root>
                  </SimpleGrid>

                  <Field.Root invalid={!!errors.availability}>
                    <Field.Label>Availability</Field.Label>
                    <Stack gap="2" w="full">
                      {form.availability.map((s, i) => (
                        <HStack key={i} align="flex-end" flexWrap={{ base: 'wrap', md: 'nowrap' }} data-testid="slot-row">
                          <Field.Root flex="2" minW="140px">
                            <Field.Label fontSize="xs">Date</Field.Label>
                            <Input type="date" aria-label={`Slot ${i + 1} date`} value={s.date} onChange={(e) => setSlot(i, { date: e.target.value })} />
                          </Field.Root>
                          <Field.Root flex="1" minW="110px">
                            <Field.Label fontSize="xs">Start</Field.Label>
                            <Input type="time" aria-label={`Slot ${i + 1} start time`} value={s.startTime} onChange={(e) => setSlot(i, { startTime: e.target.value })} />
                          </Field.Root>
                          <Field.Root flex="1" minW="110px">
                            <Field.Label fontSize="xs">End</Field.Label>
                            <Input type="time" aria-label={`Slot ${i + 1} end time`} value={s.endTime} onChange={(e) => setSlot(i, { endTime: e.target.value })} />
                          </Field.Root>
                          <Field.Root flex="1" minW="90px">
                            <Field.Label fontSize="xs">Slots</Field.Label>
                            <Input
                              type="number" min={1} step={1} aria-label={`Slot ${i + 1} places`} value={s.slotsAvailable}
                              // Editing the count sets the capacity too (document 2 §3 originalSlotsAvailable).
                              onChange={(e) => setSlot(i, { slotsAvailable: e.target.value, originalSlotsAvailable: undefined })}
                            />
                          </Field.Root>
                          <IconButton
                            aria-label={`Remove slot ${i + 1}`} variant="ghost" disabled={form.availability.length <= 1}
                            onClick={() => form.availability.length > 1 && set('availability', form.availability.filter((_, j) => j !== i))}
                          >
                            <CloseIcon />
                          </IconButton>
                        </HStack>
                      ))}
                      <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => set('availability', [...form.availability, emptySlot()])}>
                        Add Time Slot
                      </Button>
                    </Stack>
                    <Field.ErrorText>{errors.availability}</Field.ErrorText>
                  </Field.Root>

                  <Field.Root>
                    <Field.Label>Notes (important information)</Field.Label>
                    <Textarea name="notes" value={form.notes} onChange={(e) => set('notes', e.target.value)} />
                  </Field.Root>

                  <Stack gap="2">
                    <Switch.Root checked={form.enableTieredPricing} onCheckedChange={(e) => setForm((f) => ({ ...f, enableTieredPricing: e.checked, pricingTiers: e.checked ? f.pricingTiers : [] }))}>
                      <Switch.HiddenInput />
                      <Switch.Control />
                      <Switch.Label>Tiered pricing</Switch.Label>
                    </Switch.Root>
                    {form.enableTieredPricing && (
                      <Stack gap="2">
                        {form.pricingTiers.map((t, i) => (
                          <HStack key={t.id ?? i} align="flex-end" flexWrap="wrap">
                            <Input flex="2" minW="120px" placeholder="Tier name" aria-label={`Tier ${i + 1} name`} value={t.name} onChange={(e) => setTier(i, { name: e.target.value })} />
                            <Input flex="1" minW="80px" type="number" min={0} step={0.01} placeholder="Rate" aria-label={`Tier ${i + 1} rate`} value={t.rate} onChange={(e) => setTier(i, { rate: e.target.value })} />
                            <NativeSelect.Root flex="1" minW="120px">
                              <NativeSelect.Field aria-label={`Tier ${i + 1} rate type`} value={t.rateType} onChange={(e) => setTier(i, { rateType: e.target.value })}>
                                {TIER_RATE_TYPES.map((x) => <option key={x} value={x}>{x}</option>)}
                              </NativeSelect.Field>
                              <NativeSelect.Indicator />
                            </NativeSelect.Root>
                            <Input flex="1" minW="130px" type="date" aria-label={`Tier ${i + 1} valid from`} value={t.validFrom} onChange={(e) => setTier(i, { validFrom: e.target.value })} />
                            <Input flex="1" minW="130px" type="date" aria-label={`Tier ${i + 1} valid to`} value={t.validTo} onChange={(e) => setTier(i, { validTo: e.target.value })} />
                            <IconButton aria-label={`Remove tier ${i + 1}`} variant="ghost" onClick={() => set('pricingTiers', form.pricingTiers.filter((_, j) => j !== i))}>
                              <CloseIcon />
                            </IconButton>
                          </HStack>
                        ))}
                        <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => set('pricingTiers', [...form.pricingTiers, { name: '', rate: '', rateType: 'FIXED', validFrom: '', validTo: '' }])}>
                          Add Pricing Tier
                        </Button>
                      </Stack>
                    )}
                  </Stack>

                  <Stack gap="2">
                    <Switch.Root checked={form.enableAddons} onCheckedChange={(e) => setForm((f) => ({ ...f, enableAddons: e.checked, addons: e.checked ? f.addons : [] }))}>
                      <Switch.HiddenInput />
                      <Switch.Control />
                      <Switch.Label>Add-ons</Switch.Label>
                    </Switch.Root>
                    {form.enableAddons && <AddonsEditor addons={form.addons} onChange={(addons) => set('addons', addons)} />}
                  </Stack>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={requestClose}>Cancel</Button>
                <Button colorPalette="brand" loading={saving} loadingText="Saving..." disabled={uploading} onClick={() => void submit()}>
                  {service ? 'Update Service' : 'Create Service'}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <AdvancedSettingsDialog
        open={advanced}
        value={advancedValue}
        onClose={() => setAdvanced(false)}
        onApply={(v) => {
          setForm((f) => ({ ...f, ...v }));
          setAdvanced(false);
        }}
      />
      <ConfirmDialog
        open={confirmClose}
        title="Unsaved changes"
        message={UNSAVED_CHANGES_MESSAGE}
        confirmLabel="Leave"
        cancelLabel="Stay"
        destructive
        onCancel={() => setConfirmClose(false)}
        onConfirm={() => {
          setConfirmClose(false);
          onClose();
        }}
      />
    </>
  );
}
