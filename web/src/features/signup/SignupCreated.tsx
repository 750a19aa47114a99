import { HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { AuthLayout } from '../auth/index.js';
import { addressFromLoginUrl, SIGNUP_SIGNING_IN } from './signup.js';

/** After sign-up: the organization's address (and the name that was taken, if any) while signing in. */
export function SignupCreated({ loginUrl, taken }: { loginUrl: string; taken: string | null }) {
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
