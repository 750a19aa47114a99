import { Alert, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { isEmail } from '../../../../shared/domain/email.js';
import { SIGN_IN_LINK_SENT } from '../../../../shared/domain/sign-in-link.js';
import { errorMessage } from '../../api/client.js';

const REQUEST_FAILED = 'The sign-in link could not be requested. Please try again.';

/**
 * R-AUTH-6: shown when sign-in is refused because the account is locked. Someone else may have typed
 * the wrong passwords; the rightful user gets a single-use link at the account's address.
 */
export function SignInLinkOffer({ username }: { username: string }) {
  const [email, setEmail] = useState(isEmail(username.trim()) ? username.trim() : '');
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!isEmail(email.trim())) {
      setInvalid(true);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const { requestSignInLink } = await import('./api/sign-in-link.js');
      const res = await requestSignInLink(email.trim());
      setSent(res.message || SIGN_IN_LINK_SENT);
    } catch (err) {
      setFailure(errorMessage(err, REQUEST_FAILED));
    } finally {
      setBusy(false);
    }
  }

  if (sent)
    return (
      <Alert.Root status="info" role="status">
        <Alert.Indicator />
        <Alert.Title>{sent}</Alert.Title>
      </Alert.Root>
    );

  return (
    <form onSubmit={submit} noValidate aria-label="E-mail me a sign-in link">
      <Stack gap="3" borderWidth="1px" borderRadius="md" p="4">
        <Text fontSize="sm">
          Is this your account? We can e-mail a sign-in link to its address. The link works once, within 15 minutes,
          even while the account is locked.
        </Text>
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root required invalid={invalid}>
          <Field.Label>Account e-mail address</Field.Label>
          <Input
            name="sign-in-link-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setInvalid(false);
            }}
          />
          <Field.ErrorText>Please enter a valid email address</Field.ErrorText>
        </Field.Root>
        <Button type="submit" variant="outline" loading={busy} loadingText="Sending..." w="full">
          E-mail me a sign-in link
        </Button>
      </Stack>
    </form>
  );
}
