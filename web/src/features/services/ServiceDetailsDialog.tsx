import {
  Badge,
  Box,
  Button,
  CloseButton,
  Code,
  DataList,
  Dialog,
  HStack,
  Image,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { staffPriceText } from '../../../../shared/domain/pricing.js';
import { COPY_CONFIRMATION_MS, shareLink } from '../../../../shared/domain/share.js';
import { configuredMethods, type PaymentMethods } from '../../../../shared/domain/share-payment.js';
import { slotLabel } from '../../../../shared/domain/slots.js';
import { useOrgTimeZone } from '../../app/time-zone.js';
import { formatSlot } from '../../components/format.js';
import { useGenerateShareLink } from './api/index.js';
import { notify } from '../../components/toaster.js';
import { slotsOf, type ApiService } from './serviceForm.js';
import { WaitlistPanel } from './WaitlistPanel.js';

const METHOD_LABEL: Record<keyof PaymentMethods, string> = {
  venmo: 'Venmo',
  cashApp: 'Cash App',
  paypal: 'PayPal',
  zelle: 'Zelle',
};

/** Payment methods, or the spec's texts for bad settings and none (R-SVC-6). */
function PaymentMethodsView({ raw }: { raw: ApiService['paymentSettings'] }) {
  // Decoded and checked by the contract's codec when the service loaded: no unreadable settings reach here.
  const methods = configuredMethods(raw);
  const entries = Object.entries(methods) as [keyof PaymentMethods, string][];
  if (!entries.length) return <Text color="fg.muted">No payment methods configured</Text>;
  return (
    <Stack gap="1">
      {entries.map(([k, v]) => (
        <Text key={k} fontSize="sm">
          <b>{METHOD_LABEL[k]}:</b> {v}
        </Text>
      ))}
    </Stack>
  );
}

export function ServiceDetailsDialog({
  service,
  canManage,
  onClose,
  onChanged,
}: {
  service: ApiService | null;
  canManage: boolean;
  onClose: () => void;
  onChanged: (s: ApiService) => void;
}) {
  const orgZone = useOrgTimeZone();
  const [token, setToken] = useState<string | null>(service?.shareToken ?? null);
  // Revalidates the services. A failure reads the dialog's own text, not the server's message.
  const share = useGenerateShareLink({
    success: 'Share link generated successfully!',
    failure: 'Failed to generate share link',
    toastFailure: false,
  });
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    setToken(service?.shareToken ?? null);
    setCopied(false);
  }, [service]);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(t);
  }, [copied]);

  if (!service) return null;
  const link = token ? shareLink(window.location.origin, token) : null;
  const urls = service.photoUrls ?? {};
  const rsvp = service.rsvpSettings;

  async function generate() {
    const res = await share.run(service!.id);
    if (!res.ok) {
      notify.error('Failed to generate share link');
      return;
    }
    setToken(res.value.shareToken);
    onChanged({ ...service!, shareToken: res.value.shareToken });
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(link!);
      setCopied(true);
    } catch {
      // R-SVC-1: clipboard failures are only logged; the link stays visible to copy by hand.
    }
  }

  return (
    <Dialog.Root
      open
      onOpenChange={(e) => !e.open && onClose()}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <HStack gap="3">
                <Dialog.Title>{service.name}</Dialog.Title>
                <Badge colorPalette={service.isActive === false ? 'gray' : 'green'}>
                  {service.isActive === false ? 'Inactive' : 'Active'}
                </Badge>
              </HStack>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              <Stack gap="4">
                {(urls.medium ?? service.photo) && (
                  <Image
                    src={urls.medium ?? service.photo ?? undefined}
                    alt={service.name}
                    maxH="240px"
                    objectFit="cover"
                    borderRadius="md"
                  />
                )}
                {service.description && <Text>{service.description}</Text>}
                <DataList.Root orientation="horizontal" size="sm">
                  <DataList.Item>
                    <DataList.ItemLabel>Rate</DataList.ItemLabel>
                    <DataList.ItemValue>{staffPriceText(service.rate, service.rateType)}</DataList.ItemValue>
                  </DataList.Item>
                  {service.enableTieredPricing && service.pricingTiers.length > 0 && (
                    <DataList.Item>
                      <DataList.ItemLabel>Pricing tiers</DataList.ItemLabel>
                      <DataList.ItemValue>
                        <Stack gap="0">
                          {service.pricingTiers.map((t, i) => (
                            <Text key={t.id ?? i}>
                              {[
                                t.name,
                                staffPriceText(Number(t.rate), t.rateType),
                                [t.validFrom, t.validTo].filter(Boolean).join(' – '),
                              ]
                                .filter(Boolean)
                                .join(' · ')}
                            </Text>
                          ))}
                        </Stack>
                      </DataList.ItemValue>
                    </DataList.Item>
                  )}
                  <DataList.Item>
                    <DataList.ItemLabel>Location</DataList.ItemLabel>
                    <DataList.ItemValue>{service.location || '-'}</DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>Max participants</DataList.ItemLabel>
                    <DataList.ItemValue>{rsvp.maxParticipants ?? 1}</DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>Public bookings</DataList.ItemLabel>
                    <DataList.ItemValue>{rsvp.enablePublicBookings === false ? 'Off' : 'On'}</DataList.ItemValue>
                  </DataList.Item>
                </DataList.Root>
                {service.notes && (
                  <Box>
                    <Text fontWeight="semibold" fontSize="sm">
                      Notes
                    </Text>
                    <Text fontSize="sm" whiteSpace="pre-wrap">
                      {service.notes}
                    </Text>
                  </Box>
                )}
                <Box>
                  <Text fontWeight="semibold" fontSize="sm">
                    Availability
                  </Text>
                  {slotsOf(service).length ? (
                    slotsOf(service).map((s) => (
                      <Text key={slotLabel(s)} fontSize="sm">
                        {formatSlot(
                          s.date,
                          s.startTime,
                          s.endTime,
                          service.timeZone && service.timeZone !== orgZone ? service.timeZone : null,
                        )}{' '}
                        · {s.slotsAvailable} left
                      </Text>
                    ))
                  ) : (
                    <Text fontSize="sm" color="fg.muted">
                      No time slots
                    </Text>
                  )}
                </Box>
                <Box>
                  <Text fontWeight="semibold" fontSize="sm">
                    Waitlist
                  </Text>
                  <WaitlistPanel
                    serviceId={service.id}
                    canManage={canManage}
                    zone={service.timeZone && service.timeZone !== orgZone ? service.timeZone : null}
                  />
                </Box>
                <Box>
                  <Text fontWeight="semibold" fontSize="sm">
                    Payment methods
                  </Text>
                  <PaymentMethodsView raw={service.paymentSettings} />
                  {service.paymentNote && (
                    <Text fontSize="sm" color="fg.muted">
                      {service.paymentNote}
                    </Text>
                  )}
                </Box>
                <Box>
                  <Text fontWeight="semibold" fontSize="sm">
                    Share link
                  </Text>
                  {link ? (
                    <Stack gap="2">
                      <Code p="2" wordBreak="break-all" whiteSpace="normal" data-testid="share-link">
                        {link}
                      </Code>
                      <HStack>
                        <Button size="xs" variant="outline" onClick={() => void copy()}>
                          {copied ? 'Copied!' : 'Copy link'}
                        </Button>
                      </HStack>
                      <Text fontSize="xs" color="fg.muted">
                        The link expires after the event date has passed.
                      </Text>
                    </Stack>
                  ) : canManage ? (
                    <Button
                      size="sm"
                      colorPalette="brand"
                      loading={share.busy}
                      loadingText="Generating..."
                      onClick={() => void generate()}
                    >
                      Generate Invite Link
                    </Button>
                  ) : (
                    <Text fontSize="sm" color="fg.muted">
                      No share link yet
                    </Text>
                  )}
                </Box>
              </Stack>
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
