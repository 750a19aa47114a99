/**
 * R-EMP-9 (docs/decisions/0250-email-change-confirmation.md): the owner of a new e-mail address confirms it
 * with the mailed link. The page asks for a click before it POSTs, as the report e-mail page does, so
 * a mail scanner that opens every link does not confirm an address for its owner.
 */
import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiRequestError } from '../../api/client.js';
import { useConfirmEmailChange } from './api/index.js';

/** Our links' tokens: 256 random bits in base64url (functions/lib/secure-token.ts). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const INVALID = 'This confirmation link is not valid. Open it exactly as it came in the email.';
const FAILED = 'Something went wrong. Please try again.';

type Result = { ok: boolean; message: string };

export default function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const confirm = useConfirmEmailChange({ failure: FAILED, toastFailure: false });
  const [result, setResult] = useState<Result | null>(null);
  const wellFormed = TOKEN_SHAPE.test(token);

  const submit = async () => {
    const r = await confirm.run(token);
    if (r.ok) setResult({ ok: true, message: r.value.message });
    else setResult({ ok: false, message: r.error instanceof ApiRequestError ? r.error.message : FAILED });
  };

  return (
    <Center as="main" minH="70vh" px="4">
      <Stack gap="4" textAlign="center" maxW="md" align="center">
        {!wellFormed ? (
          <>
            <Heading as="h1" size="xl">
              Link not valid
            </Heading>
            <Text color="fg.muted">{INVALID}</Text>
          </>
        ) : result ? (
          <>
            <Heading as="h1" size="xl">
              {result.ok ? 'Email address confirmed' : 'This link did not work'}
            </Heading>
            <Text color="fg.muted" role="status" wordBreak="break-word">
              {result.message}
            </Text>
            {result.ok && (
              <Button asChild colorPalette="brand">
                <RouterLink to="/login">Sign in</RouterLink>
              </Button>
            )}
          </>
        ) : (
          <>
            <Heading as="h1" size="xl">
              Confirm your new email address?
            </Heading>
            <Text color="fg.muted">
              Your employee account's email address is being changed to this one. It takes effect once you confirm.
            </Text>
            <Button colorPalette="brand" loading={confirm.busy} onClick={() => void submit()}>
              Confirm my new email address
            </Button>
          </>
        )}
      </Stack>
    </Center>
  );
}
