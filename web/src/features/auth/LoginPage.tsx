import { Alert, Button, Field, Input, Link, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { ACCOUNT_LOCKED } from '../../../../shared/domain/sign-in-link.js';
import { ApiRequestError, errorMessage } from '../../api/client.js';
import { useSession } from '../../app/SessionProvider.js';
import { AuthLayout } from './AuthLayout.js';
import { SignInLinkOffer } from './SignInLinkOffer.js';
import { validateLogin, type LoginErrors } from './validation.js';

export const LOGIN_FAILED_MESSAGE = 'Invalid credentials. Please try again.';

export default function LoginPage() {
  const { login } = useSession();
  // After employee account setup: { message, username } (R-EMP-4).
  const arrival = (useLocation().state ?? null) as { message?: string; username?: string } | null;
  const [username, setUsername] = useState(arrival?.username ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // R-AUTH-6: the account is locked (maybe by someone else): offer a sign-in link by e-mail.
  const [lockedFor, setLockedFor] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateLogin({ username, password });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setFailure(null);
    try {
      await login(username.trim(), password);
    } catch (err) {
      setFailure(errorMessage(err, LOGIN_FAILED_MESSAGE));
      setLockedFor(err instanceof ApiRequestError && err.code === ACCOUNT_LOCKED ? username : null);
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Sign in" subtitle="Welcome back. Sign in to your account.">
      <form onSubmit={submit} noValidate aria-label="Sign in">
        <Stack gap="4">
          {arrival?.message && !failure && (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Title>{arrival.message}</Alert.Title>
            </Alert.Root>
          )}
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          <Field.Root required invalid={!!errors.username}>
            <Field.Label>
              Username <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="username"
              autoComplete="username"
              autoFocus
              value={username}
              onChange={(e) => {
                setUsername(e.target.value);
                setErrors((x) => ({ ...x, username: undefined }));
              }}
            />
            <Field.ErrorText>{errors.username}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={!!errors.password}>
            <Field.Label>
              Password <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setErrors((x) => ({ ...x, password: undefined }));
              }}
            />
            <Field.ErrorText>{errors.password}</Field.ErrorText>
          </Field.Root>
          <Link asChild alignSelf="flex-end" fontSize="sm" color="brand.fg">
            <RouterLink to="/forgot-password">Forgot your password?</RouterLink>
          </Link>
          <Button type="submit" colorPalette="brand" loading={busy} loadingText="Signing in..." w="full">
            Sign In
          </Button>
        </Stack>
      </form>
      {lockedFor !== null && (
        <Stack mt="4">
          <SignInLinkOffer key={lockedFor} username={lockedFor} />
        </Stack>
      )}
    </AuthLayout>
  );
}
