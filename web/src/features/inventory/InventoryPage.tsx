import { Alert, Badge, Button, HStack, Stack, Tabs } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { InventoryItem, ProductType } from '../../../../shared/contract/inventory-models.js';
import { errorMessage } from '../../api/client.js';
import { keyMatches } from '../../api/keys.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { deferred, preloadOn, useDeferred, usePreload } from '../../app/deferred.js';
import { BoxIcon } from '../../components/icons.js';
import { useServices } from '../services/api/index.js';
import { PageHeader } from '../../components/PageHeader.js';
import { WrappingTabList } from '../../components/WrappingTabList.js';
import { INVENTORY_ACTIVITY, useInventory } from './api/index.js';
import { useMayUseFn } from '../storefront/index.js';
import { ItemsTab } from './ItemsTab.js';
import { statusFromQuery } from './itemRules.js';
import { ProductTypesTab } from './ProductTypesTab.js';

// First-load budget (docs/decisions/0173-web-first-load-js.md): the forms (zod, react-hook-form, the contract's schemas), the
// Services tab (its own dialogs) and the Activity Log tab download after the page shows (idle, or the
// first hover, focus or click); a form renders once its code is here, mounted with its open state.
const ItemForm = deferred(() => import('./ItemFormDialog.js').then((m) => m.ItemFormDialog));
const TypeForm = deferred(() => import('./ProductTypeFormDialog.js').then((m) => m.ProductTypeFormDialog));
const Services = deferred(() => import('../services/index.js').then((m) => m.ServicesTab));
const ActivityLog = deferred(() => import('./ActivityLogTab.js').then((m) => m.ActivityLogTab));

/** The Inventory & Services page (R-INV-2). */
export default function InventoryPage() {
  // What the API allows decides what is offered (docs/decisions/0225-layout-at-375-and-1366.md): `mayUse`, with the matrix, so an
  // employee granted item creation, editing or deletion gets those buttons, and a manager denied one
  // loses it.
  const may = useMayUseFn();
  const canAddType = may('productTypes.create');
  const canAddItem = may('inventoryItems.create');
  const itemAccess = { edit: may('inventoryItems.edit'), delete: may('inventoryItems.delete') };
  const typeAccess = { edit: may('productTypes.edit'), delete: may('productTypes.delete') };
  const serviceAccess = { create: may('services.create'), edit: may('services.edit'), delete: may('services.delete') };
  const canManageServices = serviceAccess.create || serviceAccess.edit || serviceAccess.delete;
  const canSeeActivity = may('inventoryReports.view');
  const canWrite = canAddType || canAddItem || itemAccess.edit || itemAccess.delete;
  const [params] = useSearchParams();
  const { data, error, isLoading, mutate } = useInventory();
  const services = useServices();
  const [tab, setTab] = useState('items');
  const [serviceCount, setServiceCount] = useState<number | null>(null);
  const [createService, setCreateService] = useState(0);
  const [typeForm, setTypeForm] = useState<{ open: boolean; type: ProductType | null }>({ open: false, type: null });
  const [itemForm, setItemForm] = useState<{ open: boolean; item: InventoryItem | null }>({ open: false, item: null });
  const onServiceCount = useCallback((n: number) => setServiceCount(n), []);
  usePreload(TypeForm, ItemForm, Services);
  const ProductTypeFormDialog = useDeferred(TypeForm, typeForm.open);
  const ItemFormDialog = useDeferred(ItemForm, itemForm.open);
  const ServicesTab = useDeferred(Services, tab === 'services');
  const ActivityLogTab = useDeferred(ActivityLog, tab === 'activity');
  const statusQuery = params.get('status');
  // A status link (R-PLAT-5 recent activity) is about items: show that tab.
  useEffect(() => {
    if (statusQuery) setTab('items');
  }, [statusQuery]);
  const { mutate: mutateKey } = useSWRConfig();
  // Every write here also writes the activity log: drop its cached page so the tab shows the entry.
  const refresh = () => Promise.all([mutate(), mutateKey(keyMatches(INVENTORY_ACTIVITY))]);

  if (isLoading && !data) return <PageSpinner label="Loading inventory…" />;
  if (error && !data) {
    return (
      <Stack gap="4">
        <PageHeader title="Inventory & Services" />
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Error Loading Inventory</Alert.Title>
            <Alert.Description>
              Failed to load inventory data:{' '}
              {errorMessage(error, error instanceof Error ? error.message : String(error))}
            </Alert.Description>
          </Alert.Content>
          <Button size="sm" onClick={() => void mutate()}>
            Retry
          </Button>
        </Alert.Root>
      </Stack>
    );
  }

  const productTypes = data?.productTypes ?? [];
  const items = data?.items ?? [];
  // R-INV-2: a failed services call is tolerated here (the count reads 0); the Services tab shows the error.
  const servicesTotal = serviceCount ?? services.data?.length ?? 0;
  // No inventory yet (services do not count: a business that only has services still needs its
  // first product type before it can add items, and "No items match the current filters" would mislead).
  const noInventoryYet = productTypes.length === 0 && items.length === 0;

  const header = (
    <PageHeader
      title="Inventory & Services"
      subtitle={canWrite ? 'Manage your inventory items and product types' : 'View inventory items'}
      actions={
        (canAddType || canAddItem || canManageServices) && (
          <HStack wrap="wrap">
            {canAddType && (
              <Button
                size="sm"
                variant="outline"
                {...preloadOn(TypeForm)}
                onClick={() => setTypeForm({ open: true, type: null })}
              >
                Add Product Type
              </Button>
            )}
            {canAddItem && (
              <Button
                size="sm"
                variant="outline"
                disabled={productTypes.length === 0}
                {...preloadOn(ItemForm)}
                onClick={() => setItemForm({ open: true, item: null })}
              >
                Add Item
              </Button>
            )}
            {may('services.create') && (
              <Button
                size="sm"
                colorPalette="brand"
                {...preloadOn(Services)}
                onClick={() => {
                  setTab('services');
                  setCreateService((n) => n + 1);
                }}
              >
                Add Service
              </Button>
            )}
          </HStack>
        )
      }
    />
  );

  const dialogs = (
    <>
      {(canAddType || typeAccess.edit) && ProductTypeFormDialog && (
        <ProductTypeFormDialog
          open={typeForm.open}
          productType={typeForm.type}
          onClose={() => setTypeForm({ open: false, type: null })}
          onSaved={() => void refresh()}
        />
      )}
      {(canAddItem || itemAccess.edit) && ItemFormDialog && (
        <ItemFormDialog
          open={itemForm.open}
          item={itemForm.item}
          productTypes={productTypes}
          onClose={() => setItemForm({ open: false, item: null })}
          onSaved={() => void refresh()}
        />
      )}
    </>
  );

  const count = (n: number) => (
    <Badge ms="1" size="sm" variant="subtle">
      {n}
    </Badge>
  );
  return (
    <Stack gap="6">
      {header}
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} lazyMount variant="line">
        <WrappingTabList>
          <Tabs.Trigger value="items" whiteSpace="nowrap" flexShrink={0}>
            Inventory Items {count(items.length)}
          </Tabs.Trigger>
          <Tabs.Trigger value="types" whiteSpace="nowrap" flexShrink={0}>
            Product Types {count(productTypes.length)}
          </Tabs.Trigger>
          <Tabs.Trigger value="services" whiteSpace="nowrap" flexShrink={0}>
            Services {count(servicesTotal)}
          </Tabs.Trigger>
          {canSeeActivity && (
            <Tabs.Trigger value="activity" whiteSpace="nowrap" flexShrink={0}>
              Activity Log
            </Tabs.Trigger>
          )}
        </WrappingTabList>
        <Tabs.Content value="items">
          {noInventoryYet && canAddType ? (
            // A brand-new business: the tabs stay (services can be added first), the items tab welcomes.
            <EmptyState
              icon={<BoxIcon />}
              title="Welcome to Your Inventory System"
              description="Start by creating a product type, then add items to it."
              action={
                <Button colorPalette="brand" onClick={() => setTypeForm({ open: true, type: null })}>
                  Create Your First Product Type
                </Button>
              }
            />
          ) : (
            // Keyed on ?status= so a dashboard link followed while already here preselects its chip too.
            <ItemsTab
              key={statusQuery ?? ''}
              items={items}
              productTypes={productTypes}
              access={itemAccess}
              initialStatus={statusFromQuery(statusQuery)}
              onEdit={(item) => setItemForm({ open: true, item })}
            />
          )}
        </Tabs.Content>
        <Tabs.Content value="types">
          <ProductTypesTab
            productTypes={productTypes}
            access={typeAccess}
            onEdit={(type) => setTypeForm({ open: true, type })}
          />
        </Tabs.Content>
        <Tabs.Content value="services">
          {ServicesTab ? (
            <ServicesTab access={serviceAccess} onCountChange={onServiceCount} createRequest={createService} />
          ) : (
            <PageSpinner label="Loading services…" />
          )}
        </Tabs.Content>
        {canSeeActivity && (
          <Tabs.Content value="activity">
            {ActivityLogTab ? <ActivityLogTab /> : <PageSpinner label="Loading activity…" />}
          </Tabs.Content>
        )}
      </Tabs.Root>
      {dialogs}
    </Stack>
  );
}
