import { Badge, Card, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ProductType } from '../../../../shared/contract/inventory-models.js';
import { formatUsd } from '../../../../shared/domain/money.js';
import { useDeleteProductType } from './api/index.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { EmptyState } from '../../components/EmptyState.js';
import { pluralize } from '../../../../shared/domain/words.js';
import { PencilIcon, TrashIcon } from '../../components/icons.js';
import { rateText } from './itemRules.js';

const money = (v: number | null) => (v === null ? 'N/A' : formatUsd(v));

/** The Product Types tab (R-INV-2): cards with rates, variants and item counts. */
export function ProductTypesTab({
  productTypes,
  access,
  onEdit,
}: {
  productTypes: ProductType[];
  /** What the signed-in person may do to a type (mayUse with the matrix). */
  access: { edit: boolean; delete: boolean };
  onEdit: (t: ProductType) => void;
}) {
  const [deleting, setDeleting] = useState<ProductType | null>(null);
  // The hook revalidates the inventory caches, the activity log included.
  const del = useDeleteProductType({
    success: 'Product type deleted successfully',
    failure: 'Failed to delete product type',
  });
  const busy = del.busy;

  async function remove() {
    if (!deleting) return;
    await del.run(deleting.id);
    setDeleting(null);
  }

  if (productTypes.length === 0)
    return (
      <EmptyState title="No product types yet" description="Product types group your items and carry their rates." />
    );
  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        {productTypes.map((t) => (
          <Card.Root key={t.id} aria-label={t.name} role="article">
            <Card.Header>
              <HStack justify="space-between" align="start">
                <Stack gap="0">
                  {/* h2 under the page's h1 (Chakra's card title is an h3: axe heading-order). */}
                  <Card.Title as="h2">{t.name}</Card.Title>
                  <Text fontSize="sm" color="fg.muted">
                    {t.category}
                  </Text>
                </Stack>
                {(access.edit || access.delete) && (
                  <HStack gap="1">
                    {access.edit && (
                      <IconButton size="xs" variant="ghost" aria-label={`Edit ${t.name}`} onClick={() => onEdit(t)}>
                        <PencilIcon />
                      </IconButton>
                    )}
                    {access.delete && (
                      <IconButton
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={`Delete ${t.name}`}
                        onClick={() => setDeleting(t)}
                      >
                        <TrashIcon />
                      </IconButton>
                    )}
                  </HStack>
                )}
              </HStack>
            </Card.Header>
            <Card.Body>
              <Stack gap="2" fontSize="sm">
                {t.description && <Text>{t.description}</Text>}
                {t.rates.length ? (
                  t.rates.map((r, i) => <Text key={i}>{rateText(r)}</Text>)
                ) : (
                  <>
                    <Text>Hourly: {money(t.defaultHourlyRate)}</Text>
                    <Text>Daily: {money(t.defaultDailyRate)}</Text>
                  </>
                )}
                {t.variants.length > 0 && (
                  <Text color="fg.muted">Variants: {t.variants.map((v) => v.name).join(', ')}</Text>
                )}
                <Badge alignSelf="flex-start">{pluralize(t._count.items, 'item')}</Badge>
              </Stack>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <ConfirmDialog
        open={!!deleting}
        title="Delete product type"
        message={`Delete ${deleting?.name ?? ''}? Its variants are deleted too.`}
        confirmLabel="Delete"
        destructive
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
