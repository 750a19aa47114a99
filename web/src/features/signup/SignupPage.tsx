import { Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../auth/index.js';
import { useSignupInvitation } from './api/index.js';

// First-load budget (docs/decisions/0173-web-first-load-js.md): the form (react-hook-form, zod and the contract's
// schema) downloads while the invitation is being checked, so it costs no extra wait.
const loadForm = () => import('./SignupForm.js');
const SignupForm = lazy(() => loadForm().then((m) => ({ default: m.SignupForm })));

function InvalidInvitation({ reason }: { reason: 'missing' | 'invalid' }) {
  return (
    // "Start Free Trial" and "Get Started" lead here without a token: that is no fault of the visitor's,
    // so the page explains the rule (accounts by invitation) instead of calling the visit invalid.
    <AuthLayout title={reason === 'missing' ? 'Accounts are opened by invitation' : 'Invalid Invitation'}>
      <Stack gap="4">
        {reason === 'missing' ? (
          <Text>
            We open each new business account ourselves and send its owner an invitation link. Have an invitation? Open
            the link in its e-mail to continue.
          </Text>
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

/** Organization sign-up completion from an invitation (R-AUTH-5, R-PLAT-7). */
export default function SignupPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { data, error, isLoading } = useSignupInvitation(token);

  useEffect(() => {
    if (token) void loadForm();
  }, [token]);

  if (!token) return <InvalidInvitation reason="missing" />;
  const validating = (
    <AuthLayout title="Create Your Organization">
      <HStack role="status" gap="3">
        <Spinner size="sm" />
        <Text>Validating invitation...</Text>
      </HStack>
    </AuthLayout>
  );
  if (isLoading || (!data && !error)) return validating;
  if (error || !data?.valid || !data.invitation) return <InvalidInvitation reason="invalid" />;
  return (
    <Suspense fallback={validating}>
      <SignupForm token={token} invitation={data.invitation} />
    </Suspense>
  );
}
