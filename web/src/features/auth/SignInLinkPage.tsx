import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { SIGN_IN_LINK_INVALID } from '../../../../shared/domain/sign-in-link.js';
import { ApiRequestError, errorMessage } from '../../api/client.js';
import { useSession } from '../../app/SessionProvider.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { AuthLayout } from './AuthLayout.js';

const FAILED = 'The sign-in link could not be checked. Please try again.';

/**
 * `/sign-in-link/:token` (R-AUTH-6): the mailed link signs in once and lands on the dashboard, as a
 * password sign-in does. A used, expired or unknown link says so and leads back to sign-in.
 */
export default function SignInLinkPage() {
  const { token = '' } = useParams();
  const { signInWithLink } = useSession();
  const [failure, setFailure] = useState<{ message: string; retry: boolean } | null>(null);
  // Once per token: the link works once, and StrictMode's second mount must not spend a second try.
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (tried.current === token) return;
    tried.current = token;
    signInWithLink(token).catch((e: unknown) => {
      // 429 (too many tries from this network) and network failures may work later; anything else is the link.
      const retry = !(e instanceof ApiRequestError) || e.status === 429 || e.status >= 500;
      setFailure({ message: retry ? errorMessage(e, FAILED) : SIGN_IN_LINK_INVALID, retry });
    });
  }, [token, signInWithLink]);

  if (!failure) return <PageSpinner label="Signing you in…" minH="100vh" />;
  return (
    <AuthLayout title="Sign-in link not accepted">
      <Stack gap="4">
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{failure.message}</Alert.Title>
        </Alert.Root>
        {!failure.retry && (
          <Text>
            A sign-in link works once, within 15 minutes. Sign in with your password, or ask for a new link from the
            sign-in page if your account is still locked.
          </Text>
        )}
        <Button asChild colorPalette="brand" alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
          <RouterLink to="/login">Back to sign in</RouterLink>
        </Button>
      </Stack>
    </AuthLayout>
  );
}
