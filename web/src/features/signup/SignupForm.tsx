import { Alert, Box, Button, Code, Fieldset, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { subdomainFromName } from '../../../../shared/domain/subdomain.js';
import { DEFAULT_TIME_ZONE } from '../../../../shared/domain/time.js';
import { errorMessage } from '../../api/client.js';
import { pageNavigation } from '../../app/SessionProvider.js';
import { browserTimeZone } from '../../app/time-zone.js';
import { FormField, FormSchemaProvider, maxLengthOf, useContractForm } from '../../components/form.js';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard.js';
import { AuthLayout } from '../auth/index.js';
import { useCompleteSignup, type ValidateAnswer } from './api/index.js';
import { PasswordField } from './PasswordField.js';
import { SignupCreated } from './SignupCreated.js';
import {
  addressOf,
  confirmMismatch,
  SIGNUP_FAILED_MESSAGE,
  SIGNUP_REDIRECT_MS,
  type SignupValues,
  signupFormSchema,
  subdomainPreview,
} from './signup.js';
import { StrengthMeter } from './StrengthMeter.js';
import { useSubdomainCheck } from './useSubdomainCheck.js';

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
      // The organization's zone until General settings change it ("today" is counted there); the form shows it.
      timeZone: browserTimeZone(),
    }),
    [token, invitation],
  );
  const form = useContractForm(signupFormSchema, defaults);
  const [failure, setFailure] = useState<string | null>(null);
  const [loginUrl, setLoginUrl] = useState<string | null>(null);
  const [taken, setTaken] = useState<string | null>(null);
  const organizationName = form.watch('organizationName');
  const checked = useSubdomainCheck(token, organizationName);
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

  if (loginUrl) return <SignupCreated loginUrl={loginUrl} taken={taken} />;

  const [password, confirmPassword] = form.watch(['password', 'confirmPassword']);
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
                {/* The browser's zone is only a suggestion the owner sees (docs/decisions/0271-time-zone-a-setting.md, R-SET-14). */}
                <Text fontSize="sm" color="fg.muted" data-testid="signup-time-zone">
                  Time zone:{' '}
                  {defaults.timeZone ? `${defaults.timeZone} (from this device)` : `${DEFAULT_TIME_ZONE} (the default)`}
                  . You can change it later in Store Settings, General.
                </Text>
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
