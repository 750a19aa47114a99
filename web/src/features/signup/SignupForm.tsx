import {
  Alert,
  Box,
  Button,
  Code,
  Fieldset,
  HStack,
  Input,
  List,
  Progress,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { subdomainFromName } from '../../../../shared/domain/subdomain.js';
import { errorMessage } from '../../api/client.js';
import { pageNavigation } from '../../app/SessionProvider.js';
import { browserTimeZone } from '../../app/time-zone.js';
import { FormField, FormSchemaProvider, maxLengthOf, useContractForm } from '../../components/form.js';
import { CheckIcon, CloseIcon } from '../../components/icons.js';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard.js';
import { AuthLayout } from '../auth/index.js';
import { PasswordField } from './PasswordField.js';
import { checkSubdomain, type SubdomainAnswer, useCompleteSignup, type ValidateAnswer } from './api/index.js';
import {
  addressFromLoginUrl,
  addressOf,
  confirmMismatch,
  passwordStrength,
  SIGNUP_FAILED_MESSAGE,
  SIGNUP_REDIRECT_MS,
  SIGNUP_SIGNING_IN,
  SUBDOMAIN_CHECK_MS,
  signupFormSchema,
  strengthColor,
  strengthLabel,
  subdomainPreview,
  type SignupValues,
} from './signup.js';

function Criterion({ ok, children }: { ok: boolean; children: string }) {
  return (
    <List.Item display="flex" alignItems="center" gap="2" color={ok ? 'green.fg' : 'fg.muted'} fontSize="sm">
      <Box as="span" aria-hidden>
        {ok ? <CheckIcon /> : <CloseIcon />}
      </Box>
      <span>
        {children}
        <Box as="span" srOnly>
          {ok ? ' (met)' : ' (not met)'}
        </Box>
      </span>
    </List.Item>
  );
}

function StrengthMeter({ password }: { password: string }) {
  const s = passwordStrength(password);
  const label = strengthLabel(s.score);
  return (
    <Stack gap="2" w="full" mt="1">
      <Progress.Root
        value={s.score * 25}
        max={100}
        size="xs"
        colorPalette={strengthColor(s.score)}
        aria-label="Password strength"
      >
        <HStack justify="space-between">
          <Progress.Label fontSize="xs" color="fg.muted">
            Password strength
          </Progress.Label>
          <Progress.ValueText fontSize="xs" aria-live="polite">
            {password ? label : ''}
          </Progress.ValueText>
        </HStack>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <List.Root listStyle="none" gap="1" aria-label="Password requirements">
        <Criterion ok={s.hasLength}>At least 8 characters</Criterion>
        <Criterion ok={s.hasUppercase}>One uppercase letter</Criterion>
        <Criterion ok={s.hasLowercase}>One lowercase letter</Criterion>
        <Criterion ok={s.hasNumber}>One number</Criterion>
      </List.Root>
    </Stack>
  );
}

const limit = (name: keyof SignupValues) => maxLengthOf(signupFormSchema, name);

/**
 * The sign-up form (R-AUTH-5, R-AUTH-1): react-hook-form on the contract's body, so the
 * server's messages are the form's; the token and the browser's zone are values nobody edits.
 */
export function SignupForm({
  token,
  invitation,
}: {
  token: string;
  invitation: NonNullable<ValidateAnswer['invitation']>;
}) {
  const defaults = useMemo<SignupValues>(
    () => ({
      token,
      firstName: invitation.firstName ?? '',
      lastName: invitation.lastName ?? '',
      phone: '',
      organizationName: '',
      password: '',
      confirmPassword: '',
      // The organization's zone until its settings change it ("today" is counted there).
      timeZone: browserTimeZone(),
    }),
    [token, invitation],
  );
  const form = useContractForm(signupFormSchema, defaults);
  const [failure, setFailure] = useState<string | null>(null);
  const [loginUrl, setLoginUrl] = useState<string | null>(null);
  const [taken, setTaken] = useState<string | null>(null);
  // The server's answer for the name as typed (docs/decisions/words-and-states.md): the address it really gets now.
  const [checked, setChecked] = useState<(SubdomainAnswer & { name: string }) | null>(null);
  const typedName = form.watch('organizationName');
  useEffect(() => {
    const name = typedName?.trim() ?? '';
    if (!name || !subdomainFromName(name)) return;
    let live = true;
    const t = window.setTimeout(() => {
      checkSubdomain(token, name)
        .then((a) => live && setChecked({ ...a, name }))
        .catch(() => undefined);
    }, SUBDOMAIN_CHECK_MS);
    return () => {
      live = false;
      window.clearTimeout(t);
    };
  }, [typedName, token]);
  // R-AUTH-3: a refusal shows in the form, not as a toast.
  const complete = useCompleteSignup({ failure: SIGNUP_FAILED_MESSAGE, toastFailure: false });

  useEffect(() => {
    if (!loginUrl) return;
    const t = window.setTimeout(() => pageNavigation.assign(loginUrl), SIGNUP_REDIRECT_MS);
    return () => window.clearTimeout(t);
  }, [loginUrl]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const r = await complete.run({
      token: values.token,
      firstName: values.firstName ?? '',
      lastName: values.lastName ?? '',
      organizationName: values.organizationName,
      phone: values.phone,
      password: values.password,
      confirmPassword: values.confirmPassword,
      timeZone: values.timeZone,
    });
    if (!r.ok) {
      setFailure(errorMessage(r.error, SIGNUP_FAILED_MESSAGE));
      return;
    }
    // The preview promised this name; the server adds '-2' when another organization holds it.
    const wanted = subdomainFromName(values.organizationName);
    setTaken(wanted && wanted !== r.value.organization?.subdomain ? wanted : null);
    setLoginUrl(r.value.loginUrl ?? '/login');
  });

  if (loginUrl) {
    const address = addressFromLoginUrl(loginUrl, window.location.href);
    return (
      <AuthLayout title="Account Created Successfully!">
        <Stack gap="3" role="status">
          <Text>Your organization and admin account have been created.</Text>
          {address && (
            <Text>
              Your address: <b>{address}</b>
              {taken && ` (“${taken}” was already taken)`}
            </Text>
          )}
          <HStack color="fg.muted">
            <Spinner size="sm" />
            <Text>{SIGNUP_SIGNING_IN}</Text>
          </HStack>
        </Stack>
      </AuthLayout>
    );
  }

  const [organizationName, password, confirmPassword] = form.watch(['organizationName', 'password', 'confirmPassword']);
  const preview = subdomainPreview(organizationName, window.location.host);
  const liveMismatch = confirmMismatch(password, confirmPassword);
  const { errors, isDirty } = form.formState;
  const busy = complete.busy;

  return (
    <AuthLayout
      title="Create Your Organization"
      subtitle="You were invited to set up your business. This takes about a minute."
      maxW="2xl"
    >
      <UnsavedChangesGuard when={isDirty && !busy} />
      <FormSchemaProvider value={{ schema: signupFormSchema, errors: errors as Record<string, { message?: unknown }> }}>
        <form onSubmit={(e) => void submit(e)} noValidate aria-label="Create your organization">
          <Stack gap="8">
            {failure && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{failure}</Alert.Title>
              </Alert.Root>
            )}
            <Fieldset.Root>
              <Fieldset.Legend fontSize="lg" fontWeight="semibold">
                Personal Information
              </Fieldset.Legend>
              <Fieldset.Content>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <FormField name="firstName" label="First name" required>
                    <Input autoComplete="given-name" maxLength={limit('firstName')} {...form.register('firstName')} />
                  </FormField>
                  <FormField name="lastName" label="Last name" required>
                    <Input autoComplete="family-name" maxLength={limit('lastName')} {...form.register('lastName')} />
                  </FormField>
                  <FormField label="Email" helper="From your invitation">
                    <Input name="email" type="email" value={invitation.email ?? ''} readOnly bg="bg.muted" />
                  </FormField>
                  <FormField name="phone" label="Phone" required>
                    <Input
                      type="tel"
                      autoComplete="tel"
                      placeholder="(555) 123-4567"
                      maxLength={limit('phone')}
                      {...form.register('phone')}
                    />
                  </FormField>
                </SimpleGrid>
              </Fieldset.Content>
            </Fieldset.Root>

            <Fieldset.Root>
              <Fieldset.Legend fontSize="lg" fontWeight="semibold">
                Organization Details
              </Fieldset.Legend>
              <Fieldset.Content>
                <FormField
                  name="organizationName"
                  label="Organization name"
                  required
                  helper={
                    <Box as="span" aria-live="polite" data-testid="subdomain-preview">
                      {checked && checked.name === organizationName.trim() ? (
                        <>
                          Your address will be{' '}
                          <Code colorPalette="brand">{addressOf(checked.subdomain, window.location.host)}</Code>
                          {!checked.available && ` (“${checked.requested}” is taken)`}
                        </>
                      ) : preview ? (
                        <>
                          Your address will be <Code colorPalette="brand">{preview}</Code>
                        </>
                      ) : (
                        'Your address is made from the organization name.'
                      )}
                    </Box>
                  }
                >
                  <Input
                    autoComplete="organization"
                    maxLength={limit('organizationName')}
                    {...form.register('organizationName')}
                  />
                </FormField>
              </Fieldset.Content>
            </Fieldset.Root>

            <Fieldset.Root>
              <Fieldset.Legend fontSize="lg" fontWeight="semibold">
                Set Your Password
              </Fieldset.Legend>
              <Fieldset.Content>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="start">
                  <Controller
                    control={form.control}
                    name="password"
                    render={({ field }) => (
                      <PasswordField
                        label="Password"
                        name="password"
                        value={field.value}
                        error={errors.password?.message}
                        onChange={field.onChange}
                        helper={<StrengthMeter password={field.value} />}
                      />
                    )}
                  />
                  <Controller
                    control={form.control}
                    name="confirmPassword"
                    render={({ field }) => (
                      <PasswordField
                        label="Confirm password"
                        name="confirmPassword"
                        value={field.value}
                        error={liveMismatch ?? errors.confirmPassword?.message}
                        onChange={field.onChange}
                      />
                    )}
                  />
                </SimpleGrid>
              </Fieldset.Content>
            </Fieldset.Root>

            <Button
              type="submit"
              colorPalette="brand"
              size="lg"
              loading={busy}
              loadingText="Creating Account..."
              w="full"
            >
              Create Organization Account
            </Button>
            <Text fontSize="sm" color="fg.muted" textAlign="center">
              Having trouble? Contact support and we will help you finish setting up.
            </Text>
          </Stack>
        </form>
      </FormSchemaProvider>
    </AuthLayout>
  );
}
