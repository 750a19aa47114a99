import { Alert, Button, Card, HStack, IconButton, Image, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { effectiveRate, staffPriceText } from '../../../../shared/domain/pricing.js';
import { errorMessage } from '../../api/client.js';
import { EmptyState } from '../../components/EmptyState.js';
import { formatSlot } from '../../components/format.js';
import { useOrgTimeZone } from '../../app/time-zone.js';
import { EyeIcon, PencilIcon, TrashIcon } from '../../components/icons.js';
import { useConfirm } from '../../components/useConfirm.js';
import { useDeleteService, useServices } from './api/index.js';
import { ServiceDetailsDialog } from './ServiceDetailsDialog.js';
import { ServiceFormDialog } from './ServiceFormDialog.js';
import { slotsOf, type ApiService } from './serviceForm.js';

/** The Services tab of Inventory & Services (R-INV-2, R-SVC-5). */
/** `createRequest`: bumped by the page header's Add Service button to open the create form here. */
/** A zone of the service's own, named next to its slots; null when its slots are the organization's times. */
const ownZone = (s: ApiService, orgZone: string) => (s.timeZone && s.timeZone !== orgZone ? s.timeZone : null);

/** What the viewer may do with services: each button follows its own route's permission (R-RES-13). */
interface ServiceAccess {
  create: boolean;
  edit: boolean;
  delete: boolean;
}

export default function ServicesTab({
  access,
  onCountChange,
  createRequest = 0,
}: {
  access: ServiceAccess;
  onCountChange?: (n: number) => void;
  createRequest?: number;
}) {
  const { data, error, isLoading, mutate } = useServices();
  const orgZone = useOrgTimeZone();
  const services = data ?? [];
  const [editing, setEditing] = useState<ApiService | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [viewing, setViewing] = useState<ApiService | null>(null);
  const { confirm, confirmDialog } = useConfirm();
  // The write hooks (delete here, save and share link in the dialogs) read the services again.
  const remove = useDeleteService({ success: 'Service deleted successfully', failure: 'Failed to delete service' });

  useEffect(() => {
    if (data) onCountChange?.(data.length);
  }, [data, onCountChange]);

  useEffect(() => {
    if (createRequest > 0 && access.create) {
      setEditing(null);
      setFormOpen(true);
    }
  }, [createRequest, access.create]);

  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };

  const askDelete = (s: ApiService) =>
    void confirm({
      title: 'Delete service',
      message: `Delete "${s.name}"? Its share link stops working.`,
      confirmLabel: 'Delete',
      destructive: true,
      action: () => remove.run(s.id),
    });

  return (
    <Stack gap="4">
      {access.create && services.length > 0 && (
        <HStack justify="flex-end">
          <Button colorPalette="brand" size="sm" onClick={openCreate}>
            Add Service
          </Button>
        </HStack>
      )}
      {error && !data ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Failed to load services</Alert.Title>
            <Alert.Description>{errorMessage(error, 'Please try again.')}</Alert.Description>
          </Alert.Content>
          <Button size="sm" onClick={() => void mutate()}>
            Retry
          </Button>
        </Alert.Root>
      ) : isLoading ? (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="160px" borderRadius="l3" />
          ))}
        </SimpleGrid>
      ) : services.length === 0 ? (
        <EmptyState
          title="No services found"
          description="Create your first service to get started."
          action={
            access.create ? (
              <Button colorPalette="brand" onClick={openCreate}>
                Add Service
              </Button>
            ) : undefined
          }
        />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
          {services.map((s) => {
            const photo = s.photoUrls?.medium ?? s.photo;
            return (
              <Card.Root key={s.id} data-testid="service-card" overflow="hidden">
                {photo && (
                  <Image
                    src={photo}
                    alt=""
                    h="140px"
                    objectFit="cover"
                    onError={(e) => (e.currentTarget.style.display = 'none')}
                  />
                )}
                <Card.Header pb="0">
                  <HStack justify="space-between" align="flex-start">
                    <Text fontWeight="semibold" fontSize="lg" minW="0" wordBreak="break-word">
                      {s.name}
                    </Text>
                    <HStack gap="0">
                      <IconButton
                        aria-label={`View details of ${s.name}`}
                        size="sm"
                        variant="ghost"
                        onClick={() => setViewing(s)}
                      >
                        <EyeIcon />
                      </IconButton>
                      {access.edit && (
                        <IconButton
                          aria-label={`Edit ${s.name}`}
                          size="sm"
                          variant="ghost"
                          onClick={() => {
                            setEditing(s);
                            setFormOpen(true);
                          }}
                        >
                          <PencilIcon />
                        </IconButton>
                      )}
                      {access.delete && (
                        <IconButton
                          aria-label={`Delete ${s.name}`}
                          size="sm"
                          variant="ghost"
                          colorPalette="red"
                          onClick={() => askDelete(s)}
                        >
                          <TrashIcon />
                        </IconButton>
                      )}
                    </HStack>
                  </HStack>
                </Card.Header>
                <Card.Body gap="2" pt="2">
                  {s.description && (
                    <Text fontSize="sm" color="fg.muted" lineClamp={3}>
                      {s.description}
                    </Text>
                  )}
                  <Text fontSize="sm">Rate: {todaysPrice(s, ownZone(s, orgZone) ?? orgZone)}</Text>
                  <Stack gap="0">
                    {slotsOf(s).map((slot, i) => (
                      <Text key={i} fontSize="xs" color="fg.muted">
                        {formatSlot(slot.date, slot.startTime, slot.endTime, ownZone(s, orgZone))}
                      </Text>
                    ))}
                  </Stack>
                </Card.Body>
              </Card.Root>
            );
          })}
        </SimpleGrid>
      )}

      <ServiceFormDialog
        open={formOpen}
        service={editing}
        onClose={() => setFormOpen(false)}
        onSaved={() => setFormOpen(false)}
      />
      <ServiceDetailsDialog
        service={viewing}
        canManage={access.edit}
        onClose={() => setViewing(null)}
        onChanged={setViewing}
      />
      {confirmDialog}
    </Stack>
  );
}

/** The price a customer booking today pays (the tier in force, named), not the base rate (docs/decisions/0012-right-about-money.md). */
function todaysPrice(s: Parameters<typeof effectiveRate>[0], zone: string): string {
  const price = effectiveRate(s, new Date(), zone);
  return `${staffPriceText(price.rate, price.rateType)}${price.tier ? ` · ${price.tier}` : ''}`;
}
