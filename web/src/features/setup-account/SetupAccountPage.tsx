import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { EMPLOYEE_MESSAGES, SETUP_TOKEN_PATTERN } from '../../../../shared/domain/employees.js';
import { errorMessage } from '../../api/client.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { AuthLayout } from '../auth/index.js';
import { type SetupInvitation, useSetupDetails } from './api/index.js';

// Requested as soon as this module runs, so it downloads alongside the page's first paint.
const loadForm = () => import('./SetupAccountForm.js');
const formModule = typeof window === 'undefined' ? null : loadForm();
const SetupAccountForm = lazy(() => (formModule ?? loadForm()).then((m) => ({ default: m.SetupAccountForm })));

export const REDIRECT_MS = 3000;

type Invitation =
  | { status: 'loading' }
  | { status: 'ready'; invitation: SetupInvitation }
  | { status: 'invalid'; message: string };

/** Why a link cannot be used before anything is sent, or null when it looks like one of ours. */
export function tokenProblem(token: string | null | undefined): string | null {
  if (!token) return EMPLOYEE_MESSAGES.setupMissing;
  if (!SETUP_TOKEN_PATTERN.test(token)) return EMPLOYEE_MESSAGES.setupFormat;
  return null;
}

/** R-EMP-4: the employee account setup page at /setup-account/{token} or /setup-account?token=. */
export default function SetupAccountPage() {
  const { setupToken } = useParams();
  const [search] = useSearchParams();
  const token = setupToken ?? search.get('token');
  const problem = tokenProblem(token);
  const navigate = useNavigate();
  const [done, setDone] = useState<{ message: string; username: string } | null>(null);
  // The account keeps the address the link was mailed to (docs/decisions/0009-sessions-follow-the-account.md): the form shows it read-only.
  const details = useSetupDetails(problem ? null : token);
  const invitation: Invitation = details.data
    ? { status: 'ready', invitation: details.data }
    : details.error
      ? {
          status: 'invalid',
          message: errorMessage(details.error, 'Failed to check the setup link. Please reload the page.'),
        }
      : { status: 'loading' };

  useEffect(() => {
    if (!done) return;
    const t = setTimeout(
      () =>
        navigate('/login', {
          replace: true,
          state: { message: EMPLOYEE_MESSAGES.loginAfterSetup, username: done.username },
        }),
      REDIRECT_MS,
    );
    return () => clearTimeout(t);
  }, [done, navigate]);

  const invalid = problem ?? (invitation.status === 'invalid' && !done ? invitation.message : null);
  if (invalid) {
    return (
      <AuthLayout title="Invalid Setup Link">
        <Stack gap="4">
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{invalid}</Alert.Description>
          </Alert.Root>
          <Button asChild variant="outline">
            <RouterLink to="/login">Go to sign in</RouterLink>
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  if (done) {
    return (
      <AuthLayout title="Setup Complete!">
        <Stack gap="3" role="status">
          <Text>{done.message}</Text>
          <Text color="fg.muted">Redirecting you to login...</Text>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Complete Your Account Setup"
      subtitle="Choose your password. Afterwards you sign in with your email address."
      maxW="lg"
    >
      <Suspense fallback={<PageSpinner label="Loading the form…" minH="20rem" />}>
        {invitation.status === 'ready' ? (
          <SetupAccountForm token={token!} invitation={invitation.invitation} onDone={setDone} />
        ) : (
          <PageSpinner label="Checking your setup link…" minH="20rem" />
        )}
      </Suspense>
    </AuthLayout>
  );
}
