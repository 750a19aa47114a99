import { Box, Button, Card, Container, Field, Flex, Heading, Input, Link, List, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowLeftIcon, CheckIcon } from '../../components/icons.js';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard.js';
import { PublicHeader } from '../../components/PublicHeader.js';
import {
  COMPANY_SIZES,
  DEMO_SUBMIT_DELAY_MS,
  EMPTY_DEMO_REQUEST,
  INDUSTRIES,
  PREFERRED_TIMES,
  schedulingUrl,
  validateDemo,
  type DemoErrors,
  type DemoRequest,
} from './demo.js';

const BENEFITS = [
  'A 30-minute walkthrough tailored to your business',
  'See reservations, inventory and payments working together',
  'Get answers about set-up, pricing and migrating your data',
  'No commitment and no credit card',
];

type TextKey = Exclude<keyof DemoRequest, 'companySize' | 'industry' | 'preferredTime'>;
type SelectKey = 'companySize' | 'industry' | 'preferredTime';

export default function BookDemoPage() {
  const [values, setValues] = useState<DemoRequest>(EMPTY_DEMO_REQUEST);
  const [errors, setErrors] = useState<DemoErrors>({});
  const [phase, setPhase] = useState<'editing' | 'submitting' | 'submitted'>('editing');
  const dirty = Object.values(values).some((v) => v.trim() !== '');

  function set(key: keyof DemoRequest, value: string) {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateDemo(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setPhase('submitting');
    // Nothing goes to a server (document 1 §7): the scheduling page takes over from here.
    window.setTimeout(() => {
      window.open(schedulingUrl(), '_blank', 'noopener,noreferrer');
      setPhase('submitted');
    }, DEMO_SUBMIT_DELAY_MS);
  }

  const text = (key: TextKey, label: string, opts: { required?: boolean; type?: string; autoComplete?: string } = {}) => (
    <Field.Root required={opts.required} invalid={!!errors[key]}>
      <Field.Label>
        {label} {opts.required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input name={key} type={opts.type ?? 'text'} autoComplete={opts.autoComplete} value={values[key]} onChange={(e) => set(key, e.target.value)} />
      <Field.ErrorText>{errors[key]}</Field.ErrorText>
    </Field.Root>
  );

  const select = (key: SelectKey, label: string, options: readonly { value: string; label: string }[]) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name={key} value={values[key]} onChange={(e) => set(key, e.target.value)}>
          <option value="">Select…</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );

  return (
    <Flex direction="column" minH="100vh" bg="bg.canvas">
      <PublicHeader />
      <Container as="main" maxW="6xl" py={{ base: '8', md: '14' }}>
        <Link asChild color="fg.muted" mb="6" fontSize="sm">
          <RouterLink to="/">
            <ArrowLeftIcon /> Back to home
          </RouterLink>
        </Link>
        {phase === 'submitted' ? (
          <Card.Root maxW="2xl" mx="auto" role="status">
            <Card.Body gap="4" textAlign="center" alignItems="center">
              <Flex w="14" h="14" borderRadius="full" bg="green.subtle" color="green.fg" align="center" justify="center" fontSize="2xl">
                <CheckIcon />
              </Flex>
              <Heading as="h1" size="2xl">
                Thank you, {values.firstName.trim()}!
              </Heading>
              <Text color="fg.muted">
                We opened our scheduling page in a new tab so you can pick a time for your 30-minute demo. If it did not open, use the button below.
              </Text>
              <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
                <Button asChild colorPalette="brand">
                  <a href={schedulingUrl()} target="_blank" rel="noopener noreferrer">
                    Open scheduling page
                  </a>
                </Button>
                <Button asChild variant="outline">
                  <RouterLink to="/">Back to home</RouterLink>
                </Button>
              </Stack>
            </Card.Body>
          </Card.Root>
        ) : (
          <SimpleGrid columns={{ base: 1, lg: 5 }} gap={{ base: '8', lg: '12' }}>
            <Stack gap="5" gridColumn={{ lg: 'span 2' }}>
              <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
                Book a Demo
              </Heading>
              <Text color="fg.muted" fontSize="lg">
                See how the platform fits your business in a 30-minute session with our team.
              </Text>
              <List.Root listStyle="none" gap="3">
                {BENEFITS.map((b) => (
                  <List.Item key={b} display="flex" gap="3" alignItems="flex-start">
                    <Box as="span" color="green.fg" mt="1" aria-hidden>
                      <CheckIcon />
                    </Box>
                    {b}
                  </List.Item>
                ))}
              </List.Root>
            </Stack>
            <Card.Root gridColumn={{ lg: 'span 3' }}>
              <Card.Body>
                <UnsavedChangesGuard when={dirty && phase === 'editing'} />
                <form onSubmit={submit} noValidate aria-label="Book a demo">
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
                    <Field.Root>
                      <Field.Label>Specific needs</Field.Label>
                      <Textarea name="specificNeeds" rows={3} value={values.specificNeeds} onChange={(e) => set('specificNeeds', e.target.value)} />
                    </Field.Root>
                    <Field.Root>
                      <Field.Label>Message</Field.Label>
                      <Textarea name="message" rows={3} value={values.message} onChange={(e) => set('message', e.target.value)} />
                    </Field.Root>
                    <Button type="submit" colorPalette="brand" size="lg" loading={phase === 'submitting'} loadingText="Scheduling...">
                      Schedule My Demo
                    </Button>
                  </Stack>
                </form>
              </Card.Body>
            </Card.Root>
          </SimpleGrid>
        )}
      </Container>
    </Flex>
  );
}
