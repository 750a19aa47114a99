/**
 * Where a scheduled report's e-mail links lead (docs/decisions/0002-report-mail-recipients.md): an outside recipient confirms it
 * wants the report (double opt-in), anyone unsubscribes. The page asks for a click before it POSTs,
 * so a mail scanner that opens every link neither confirms nor unsubscribes anybody; mail clients
 * unsubscribe without this page, by POSTing to the List-Unsubscribe address.
 */
import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApiRequestError } from '../../api/client.js';
import { useAnswerReportMail } from './api/index.js';

const COPY = {
  confirm: {
    title: 'Receive this report by e-mail?',
    lead: 'A business asked to send you a scheduled report. Nothing is sent unless you confirm.',
    button: 'Yes, send me this report',
    done: 'Confirmed',
  },
  unsubscribe: {
    title: 'Unsubscribe from this report?',
    lead: 'You will not receive this scheduled report any more.',
    button: 'Unsubscribe',
    done: 'Unsubscribed',
  },
} as const;

type Result = { ok: true; message: string } | { ok: false; message: string };

export default function ReportMailPage() {
  const { action = '', token = '' } = useParams();
  const answer = useAnswerReportMail({ failure: 'Something went wrong. Please try again.', toastFailure: false });
  const busy = answer.busy;
  const [result, setResult] = useState<Result | null>(null);
  const copy = action === 'confirm' || action === 'unsubscribe' ? COPY[action] : null;

  const submit = async () => {
    if (!copy) return;
    const r = await answer.run(action === 'confirm' ? 'confirm' : 'unsubscribe', token);
    if (r.ok) setResult({ ok: true, message: r.value.message });
    else
      setResult({
        ok: false,
        message: r.error instanceof ApiRequestError ? r.error.message : 'Something went wrong. Please try again.',
      });
  };

  return (
    <Center as="main" minH="70vh" px="4">
      <Stack gap="4" textAlign="center" maxW="md" align="center">
        {!copy ? (
          <>
            <Heading as="h1" size="xl">
              Link not valid
            </Heading>
            <Text color="fg.muted">Open the link exactly as it came in the e-mail.</Text>
          </>
        ) : result ? (
          <>
            <Heading as="h1" size="xl">
              {result.ok ? copy.done : 'This link did not work'}
            </Heading>
            <Text color="fg.muted" role="status">
              {result.message}
            </Text>
          </>
        ) : (
          <>
            <Heading as="h1" size="xl">
              {copy.title}
            </Heading>
            <Text color="fg.muted">{copy.lead}</Text>
            <Button colorPalette="brand" loading={busy} onClick={() => void submit()}>
              {copy.button}
            </Button>
          </>
        )}
      </Stack>
    </Center>
  );
}
