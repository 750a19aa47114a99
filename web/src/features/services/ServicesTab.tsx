import { Button, Card, HStack, IconButton, Image, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { formatUsd } from '../../../../shared/domain/pricing.js';
import { api, errorMessage } from '../../api/client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { EmptyState } from '../../components/EmptyState.js';
import { EyeIcon, PencilIcon, TrashIcon } from '../../components/icons.js';
import { notify } from '../../components/toaster.js';
import { ServiceDetailsDialog } from './ServiceDetailsDialog.js';
import { ServiceFormDialog } from './ServiceFormDialog.js';
import { parseJson, slotsOf, type ApiService } from './serviceForm.js';

export const SERVICES_KEY = 'services.list';

/** Document 2 §7: a failure of the services call is tolerated and treated as empty. */
export function useServices() {
  return useSWR(SERVICES_KEY, () => api<ApiService[]>('services.list').catch(() => [] as ApiService[]));
}

/** The Services tab of Inventory & Services (document 2 §2.1, §2.5). */
/** `createRequest`: bumped by the page header's Add Service button to open the create form here. */
export default function ServicesTab({ canManage, onCountChange, createRequest = 0 }: { canManage: boolean; onCountChange?: (n: number) => void; createRequest?: number }) {
  const { data, isLoading, mutate } = useServices();
  const services = data ?? [];
  const [editing, setEditing] = useState<ApiService | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [viewing, setViewing] = useState<ApiService | null>(null);
  const [deleting, setDeleting] = useState<ApiService | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (data) onCountChange?.(data.length);
  }, [data, onCountChange]);

  useEffect(() => {
    if (createRequest > 0 && canManage) {
      setEditing(null);
      setFormOpen(true);
    }
  }, [createRequest, canManage]);

  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await api('services.delete', { params: { id: deleting.id } });
      notify.success('Service deleted successfully');
      await mutate();
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to delete service'));
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return (
    <Stack gap="4">
      {canManage && services.length > 0 && (
        <HStack justify="flex-end">
          <Button colorPalette="brand" size="sm" onClick={openCreate}>Add Service</Button>
        </HStack>
      )}
      {isLoading ? (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
          {[0, 1, 2].map((i) => <Skeleton key={i} h="160px" borderRadius="l3" />)}
        </SimpleGrid>
      ) : services.length === 0 ? (
        <EmptyState
          title="No services found"
          description="Create your first service to get started."
          action={canManage ? <Button colorPalette="brand" onClick={openCreate}>Add Service</Button> : undefined}
        />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
          {services.map((s) => {
            const photo = parseJson<{ medium?: string }>(s.photoUrls, {}).medium ?? s.photo;
            return (
              <Card.Root key={s.id} data-testid="service-card" overflow="hidden">
                {photo && <Image src={photo} alt="" h="140px" objectFit="cover" onError={(e) => (e.currentTarget.style.display = 'none')} />}
                <Card.Header pb="0">
                  <HStack justify="space-between" align="flex-start">
                    <Text fontWeight="semibold" fontSize="lg">{s.name}</Text>
                    <HStack gap="0">
                      <IconButton aria-label={`View details of ${s.name}`} size="sm" variant="ghost" onClick={() => setViewing(s)}>
                        <EyeIcon />
                      </IconButton>
                      {canManage && (
                        <>
                          <IconButton aria-label={`Edit ${s.name}`} size="sm" variant="ghost" onClick={() => { setEditing(s); setFormOpen(true); }}>
                            <PencilIcon />
                          </IconButton>
                          <IconButton aria-label={`Delete ${s.name}`} size="sm" variant="ghost" colorPalette="red" onClick={() => setDeleting(s)}>
                            <TrashIcon />
                          </IconButton>
                        </>
                      )}
                    </HStack>
                  </HStack>
                </Card.Header>
                <Card.Body gap="2" pt="2">
                  {s.description && <Text fontSize="sm" color="fg.muted" lineClamp={3}>{s.description}</Text>}
                  <Text fontSize="sm">Rate: {formatUsd(s.rate)} / {s.rateType}</Text>
                  <Stack gap="0">
                    {slotsOf(s).map((slot, i) => (
                      <Text key={i} fontSize="xs" color="fg.muted">{slot.date}, {slot.startTime} - {slot.endTime}</Text>
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
        onSaved={() => {
          setFormOpen(false);
          void mutate();
        }}
      />
      <ServiceDetailsDialog
        service={viewing}
        canManage={canManage}
        onClose={() => setViewing(null)}
        onChanged={(changed) => {
          setViewing(changed);
          void mutate();
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete service"
        message={`Delete "${deleting?.name ?? ''}"? Its share link stops working.`}
        confirmLabel="Delete"
        destructive
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
