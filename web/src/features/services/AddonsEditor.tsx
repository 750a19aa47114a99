import { Button, Field, HStack, IconButton, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { ADDON_RATE_TYPES, RATE_TYPE_LABEL } from '../../../../shared/domain/pricing.js';
import { CloseIcon } from '../../components/icons.js';
import type { AddonForm } from './serviceForm.js';

/** A service's add-ons (R-SVC-3): name, rate and rate type each, added and removed in place. */
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
