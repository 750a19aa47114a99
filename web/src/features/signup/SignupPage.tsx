import { Alert, Box, Button, Code, Field, Fieldset, HStack, Input, List, Progress, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { pageNavigation, serverMessage } from '../../app/SessionProvider.js';
import { CheckIcon, CloseIcon } from '../../components/icons.js';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard.js';
import { AuthLayout } from '../auth/index.js';
import { PasswordField } from './PasswordField.js';
import { signupApi, useSignupInvitation, type ValidateAnswer } from './api/index.js';
import {
  confirmMismatch,
  passwordStrength,
  SIGNUP_FAILED_MESSAGE,
  SIGNUP_REDIRECT_MS,
  strengthColor,
  strengthLabel,
  subdomainPreview,
  validateSignup,
  type SignupErrors,
  type SignupValues,
} from './signup.js';


function InvalidInvitation({ reason }: { reason: 'missing' | 'invalid' }) {
  return (
    <AuthLayout title="Invalid Invitation">
      <Stack gap="4">
        {reason === 'missing' ? (
          <Text>No invitation token provided.</Text>
        ) : (
          <>
            <Text>This invitation is invalid, expired, or has already been used.</Text>
            <Text color="fg.muted">Please contact your administrator for a new invitation.</Text>
          </>
        )}
        <Text color="fg.muted" fontSize="sm">
          New businesses join by invitation. Book a demo and we will set you up.
        </Text>
        <HStack gap="3" wrap="wrap">
          <Button asChild colorPalette="brand">
            <RouterLink to="/book-demo">Book a Demo</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to="/">Back to home</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </AuthLayout>
  );
}

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
      <Progress.Root value={s.score * 25} max={100} size="xs" colorPalette={strengthColor(s.score)} aria-label="Password strength">
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

function SignupForm({ token, invitation }: { token: string; invitation: NonNullable<ValidateAnswer['invitation']> }) {
  const [values, setValues] = useState<SignupValues>({
    firstName: invitation.firstName ?? '',
    lastName: invitation.lastName ?? '',
    phone: '',
    organizationName: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<SignupErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [phase, setPhase] = useState<'form' | 'submitting' | 'success'>('form');
  const [loginUrl, setLoginUrl] = useState<string | null>(null);
  const dirty = !!(values.phone || values.organizationName || values.password || values.confirmPassword);

  useEffect(() => {
    if (phase !== 'success' || !loginUrl) return;
    const t = window.setTimeout(() => pageNavigation.assign(loginUrl), SIGNUP_REDIRECT_MS);
    return () => window.clearTimeout(t);
  }, [phase, loginUrl]);

  function set<K extends keyof SignupValues>(key: K, value: string) {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateSignup(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setPhase('submitting');
    setFailure(null);
    try {
      const res = await signupApi.complete({
        token,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        organizationName: values.organizationName.trim(),
        phone: values.phone.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        // The organization's zone until its settings change it ("today" is counted there).
        timeZone: browserTimeZone(),
      });
      if (!res.success) throw Object.assign(new Error('sign-up refused'), { body: res });
      setLoginUrl(res.loginUrl ?? '/login');
      setPhase('success');
    } catch (err) {
      setFailure(serverMessage(err, SIGNUP_FAILED_MESSAGE));
      setPhase('form');
    }
  }

  if (phase === 'success') {
    return (
      <AuthLayout title="Account Created Successfully!">
        <Stack gap="3" role="status">
          <Text>Your organization and admin account have been created.</Text>
          <HStack color="fg.muted">
            <Spinner size="sm" />
            <Text>Redirecting to login page...</Text>
          </HStack>
        </Stack>
      </AuthLayout>
    );
  }

  const preview = subdomainPreview(values.organizationName, window.location.host);
  const liveMismatch = confirmMismatch(values.password, values.confirmPassword);
  const busy = phase === 'submitting';

  return (
    <AuthLayout title="Create Your Organization" subtitle="You were invited to set up your business. This takes about a minute." maxW="2xl">
      <UnsavedChangesGuard when={dirty && !busy} />
      <form onSubmit={submit} noValidate aria-label="Create your organization">
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
                <Field.Root required invalid={!!errors.firstName}>
                  <Field.Label>
                    First name <Field.RequiredIndicator />
                  </Field.Label>
                  <Input name="firstName" autoComplete="given-name" value={values.firstName} onChange={(e) => set('firstName', e.target.value)} />
                  <Field.ErrorText>{errors.firstName}</Field.ErrorText>
                </Field.Root>
                <Field.Root required invalid={!!errors.lastName}>
                  <Field.Label>
                    Last name <Field.RequiredIndicator />
                  </Field.Label>
                  <Input name="lastName" autoComplete="family-name" value={values.lastName} onChange={(e) => set('lastName', e.target.value)} />
                  <Field.ErrorText>{errors.lastName}</Field.ErrorText>
                </Field.Root>
                <Field.Root readOnly>
                  <Field.Label>Email</Field.Label>
                  <Input name="email" type="email" value={invitation.email ?? ''} readOnly bg="bg.muted" />
                  <Field.HelperText>From your invitation</Field.HelperText>
                </Field.Root>
                <Field.Root required invalid={!!errors.phone}>
                  <Field.Label>
                    Phone <Field.RequiredIndicator />
                  </Field.Label>
                  <Input name="phone" type="tel" autoComplete="tel" placeholder="(555) 123-4567" value={values.phone} onChange={(e) => set('phone', e.target.value)} />
                  <Field.ErrorText>{errors.phone}</Field.ErrorText>
                </Field.Root>
              </SimpleGrid>
            </Fieldset.Content>
          </Fieldset.Root>

          <Fieldset.Root>
            <Fieldset.Legend fontSize="lg" fontWeight="semibold">
              Organization Details
            </Fieldset.Legend>
            <Fieldset.Content>
              <Field.Root required invalid={!!errors.organizationName}>
                <Field.Label>
                  Organization name <Field.RequiredIndicator />
                </Field.Label>
                <Input name="organizationName" autoComplete="organization" value={values.organizationName} onChange={(e) => set('organizationName', e.target.value)} />
                <Field.HelperText aria-live="polite" data-testid="subdomain-preview">
                  {preview ? (
                    <>
                      Your address will be <Code colorPalette="brand">{preview}</Code>
                    </>
                  ) : (
                    'Your address is made from the organization name.'
                  )}
                </Field.HelperText>
                <Field.ErrorText>{errors.organizationName}</Field.ErrorText>
              </Field.Root>
            </Fieldset.Content>
          </Fieldset.Root>

          <Fieldset.Root>
            <Fieldset.Legend fontSize="lg" fontWeight="semibold">
              Set Your Password
            </Fieldset.Legend>
            <Fieldset.Content>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="start">
                <PasswordField
                  label="Password"
                  name="password"
                  value={values.password}
                  error={errors.password}
                  onChange={(v) => set('password', v)}
                  helper={<StrengthMeter password={values.password} />}
                />
                <PasswordField
                  label="Confirm password"
                  name="confirmPassword"
                  value={values.confirmPassword}
                  error={errors.confirmPassword ?? liveMismatch}
                  onChange={(v) => set('confirmPassword', v)}
                />
              </SimpleGrid>
            </Fieldset.Content>
          </Fieldset.Root>

          <Button type="submit" colorPalette="brand" size="lg" loading={busy} loadingText="Creating Account..." w="full">
            Create Organization Account
          </Button>
          <Text fontSize="sm" color="fg.muted" textAlign="center">
            Having trouble? Contact support and we will help you finish setting up.
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}

/** The browser's IANA zone, or none when the browser cannot tell (the server then uses its default). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** Organization sign-up completion from an invitation (document 1 §2, §4, §5, §8). */
export default function SignupPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { data, error, isLoading } = useSignupInvitation(token);

  if (!token) return <InvalidInvitation reason="missing" />;
  if (isLoading || (!data && !error)) {
    return (
      <AuthLayout title="Create Your Organization">
        <HStack role="status" gap="3">
          <Spinner size="sm" />
          <Text>Validating invitation...</Text>
        </HStack>
      </AuthLayout>
    );
  }
  if (error || !data?.valid || !data.invitation) return <InvalidInvitation reason="invalid" />;
  return <SignupForm token={token} invitation={data.invitation} />;
}
