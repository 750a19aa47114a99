import { Button, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { FormField, FormSchemaProvider, useContractForm } from '../../components/form.js';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard.js';
import {
  COMPANY_SIZES,
  DEMO_SUBMIT_DELAY_MS,
  EMPTY_DEMO_REQUEST,
  INDUSTRIES,
  PREFERRED_TIMES,
  schedulingUrl,
  type DemoRequest,
} from './demo.js';
import { demoRequestSchema } from './demoRequest.js';

type TextKey = Exclude<keyof DemoRequest, 'companySize' | 'industry' | 'preferredTime'>;
type SelectKey = 'companySize' | 'industry' | 'preferredTime';

/**
 * The demo request form (R-PLAT-10, R-PLAT-6) on react-hook-form: editing, submitting (1 second,
 * then the scheduling page opens in a new tab), submitted (the page thanks the visitor by name).
 */
export function DemoRequestForm({ onSubmitted }: { onSubmitted: (firstName: string) => void }) {
  const form = useContractForm(demoRequestSchema, EMPTY_DEMO_REQUEST);
  const [submitting, setSubmitting] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const submit = form.handleSubmit((values) => {
    setSubmitting(true);
    // Nothing goes to a server (R-PLAT-5): the scheduling page takes over from here.
    timer.current = window.setTimeout(() => {
      window.open(schedulingUrl(), '_blank', 'noopener,noreferrer');
      onSubmitted(values.firstName);
    }, DEMO_SUBMIT_DELAY_MS);
  });

  const text = (
    key: TextKey,
    label: string,
    opts: { required?: boolean; type?: string; autoComplete?: string } = {},
  ) => (
    <FormField name={key} label={label} required={opts.required}>
      <Input type={opts.type ?? 'text'} autoComplete={opts.autoComplete} {...form.register(key)} />
    </FormField>
  );

  const select = (key: SelectKey, label: string, options: readonly { value: string; label: string }[]) => (
    <FormField name={key} label={label}>
      <NativeSelect.Root>
        <NativeSelect.Field {...form.register(key)}>
          <option value="">Select…</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );

  return (
    <>
      <UnsavedChangesGuard when={form.formState.isDirty && !submitting} />
      <FormSchemaProvider
        value={{ schema: demoRequestSchema, errors: form.formState.errors as Record<string, { message?: unknown }> }}
      >
        <form onSubmit={(e) => void submit(e)} noValidate aria-label="Book a demo">
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {text('firstName', 'First name', { required: true, autoComplete: 'given-name' })}
              {text('lastName', 'Last name', { required: true, autoComplete: 'family-name' })}
              {text('email', 'Work email', { required: true, type: 'email', autoComplete: 'email' })}
              {text('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
              {text('company', 'Company', { required: true, autoComplete: 'organization' })}
              {select('companySize', 'Company size', COMPANY_SIZES)}
              {select('industry', 'Industry', INDUSTRIES)}
              {select('preferredTime', 'Preferred time', PREFERRED_TIMES)}
            </SimpleGrid>
            {text('currentSolution', 'Current solution')}
            <FormField name="specificNeeds" label="Specific needs">
              <Textarea rows={3} {...form.register('specificNeeds')} />
            </FormField>
            <FormField name="message" label="Message">
              <Textarea rows={3} {...form.register('message')} />
            </FormField>
            <Button type="submit" colorPalette="brand" size="lg" loading={submitting} loadingText="Scheduling...">
              Schedule My Demo
            </Button>
          </Stack>
        </form>
      </FormSchemaProvider>
    </>
  );
}
