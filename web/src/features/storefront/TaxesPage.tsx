import { Alert, Box, Button, Card, Field, Input, InputGroup, Stack, Switch, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TAX_MESSAGES, taxBody } from '../../../../shared/contract/settings-models.js';
import { getTax, updateTax } from './api/index.js';
import { notify } from '../../components/toaster.js';
import { useUser } from '../../app/SessionProvider.js';
import { PageHeader } from '../../components/PageHeader.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { roleFlags } from '../../../../shared/domain/roles.js';
import { percentText } from '../../../../shared/domain/money.js';

/** R-SET-4 "Settings": the tax screen's own texts. */
export const TAX_TEXT = {
  noPermission: 'You do not have permission to access tax settings.',
  noToken: 'No authentication token found',
  forbidden: 'You do not have permission to view tax settings',
  expired: 'Your session has expired. Please log in again.',
  loadFailed: 'Failed to load tax settings',
  saveFailed: 'Failed to save tax settings. Please try again.',
  saved: (enabled: boolean) => `Tax settings saved successfully (${enabled ? 'enabled' : 'disabled'})`,
} as const;
export const SUCCESS_MS = 3_000;

export default function TaxesPage() {
  const user = useUser();
  const isAdmin = roleFlags(user).isAdmin;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [message, setMessage] = useState<{ status: 'error' | 'success'; text: string } | null>(null);
  const [enabled, setEnabled] = useState(false);
  const [rate, setRate] = useState('');
  const [rateError, setRateError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);
  const later = (ms: number, fn: () => void) => timers.current.push(window.setTimeout(fn, ms));

  // The shared client ends the session on a 401 at once (and the sign-in page follows); the spec's
  // text goes with it as a toast that outlives this page.
  const expire = () => {
    setMessage({ status: 'error', text: TAX_TEXT.expired });
    notify.error(TAX_TEXT.expired);
  };

  // A load whose screen has gone (or been replaced) applies nothing.
  const loads = useRef<AbortController | null>(null);
  const load = useCallback(async () => {
    loads.current?.abort();
    const ctl = new AbortController();
    loads.current = ctl;
    setState('loading');
    setMessage(null);
    try {
      const res = await getTax(ctl.signal);
      // The spec's text even when the ended session has already taken this page away (the client
      // ends it before this answer comes back here, and how soon the page goes is the renderer's timing).
      if (res.status === 401)
        return ctl.signal.aborted ? notify.error(TAX_TEXT.expired) : (expire(), setState('failed'));
      if (ctl.signal.aborted) return;
      if (res.status === 0) return (setMessage({ status: 'error', text: TAX_TEXT.noToken }), setState('failed'));
      if (res.status === 403) return (setMessage({ status: 'error', text: TAX_TEXT.forbidden }), setState('failed'));
      if (res.status === 404) return setState('ready'); // nothing saved yet: silent, defaults
      if (res.status >= 400 || !res.data)
        return (setMessage({ status: 'error', text: TAX_TEXT.loadFailed }), setState('failed'));
      setEnabled(res.data.enabled);
      setRate(res.data.rate || res.data.enabled ? percentText(res.data.rate) : '');
      setState('ready');
    } catch {
      if (ctl.signal.aborted) return;
      setMessage({ status: 'error', text: TAX_TEXT.loadFailed });
      setState('failed');
    }
  }, []);

  useEffect(() => {
    if (isAdmin) void load();
    return () => loads.current?.abort();
  }, [isAdmin, load]);

  if (!isAdmin)
    return (
      <Stack gap="6">
        <PageHeader title="Taxes" />
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{TAX_TEXT.noPermission}</Alert.Title>
        </Alert.Root>
      </Stack>
    );
  if (state === 'loading') return <PageSpinner label="Loading tax settings…" />;

  const save = async () => {
    const parsed = taxBody.safeParse({ enabled, rate });
    if (!parsed.success) {
      setRateError(parsed.error.issues[0]?.message ?? TAX_MESSAGES.range);
      return;
    }
    setRateError(null);
    setMessage(null);
    setSaving(true);
    try {
      const res = await updateTax({ enabled, rate });
      if (res.status === 0) return setMessage({ status: 'error', text: TAX_TEXT.noToken });
      if (res.status === 401) return expire();
      if (res.status >= 400 || !res.data) return setMessage({ status: 'error', text: TAX_TEXT.saveFailed });
      setEnabled(res.data.enabled);
      setRate(res.data.enabled || res.data.rate ? percentText(res.data.rate) : '');
      setMessage({ status: 'success', text: TAX_TEXT.saved(res.data.enabled) });
      later(SUCCESS_MS, () => setMessage((m) => (m?.status === 'success' ? null : m)));
    } catch {
      setMessage({ status: 'error', text: TAX_TEXT.saveFailed });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="6">
      <PageHeader title="Taxes" subtitle="The sales tax added to reservation charges" />
      {message && (
        <Alert.Root status={message.status} role={message.status === 'error' ? 'alert' : 'status'}>
          <Alert.Indicator />
          <Alert.Title>{message.text}</Alert.Title>
          {state === 'failed' && message.text === TAX_TEXT.loadFailed && (
            <Button size="xs" variant="outline" ms="auto" onClick={() => void load()}>
              Retry
            </Button>
          )}
        </Alert.Root>
      )}
      {state === 'ready' && (
        <Card.Root variant="outline" maxW="lg">
          <Card.Body>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void save();
              }}
            >
              <Stack gap="5">
                <Switch.Root checked={enabled} onCheckedChange={(e) => setEnabled(e.checked)} colorPalette="brand">
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label>Charge sales tax</Switch.Label>
                </Switch.Root>
                <Field.Root invalid={!!rateError} required={enabled}>
                  <Field.Label>
                    Tax rate
                    {enabled && <Field.RequiredIndicator />}
                  </Field.Label>
                  <InputGroup endElement={<Text color="fg.muted">%</Text>} maxW="40">
                    <Input
                      inputMode="decimal"
                      placeholder="0.00"
                      value={rate}
                      maxLength={10}
                      onChange={(e) => {
                        setRate(e.currentTarget.value);
                        setRateError(null);
                      }}
                    />
                  </InputGroup>
                  <Field.HelperText>0.00 to 99.99, up to 3 decimals</Field.HelperText>
                  <Field.ErrorText>{rateError}</Field.ErrorText>
                </Field.Root>
                <Box>
                  <Button type="submit" colorPalette="brand" disabled={saving}>
                    {saving ? 'Saving...' : 'Save'}
                  </Button>
                </Box>
              </Stack>
            </form>
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}
