import { Alert, Box, Button, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { EMPLOYEE_PAGE_SIZE } from '../../../../shared/domain/employees.js';
import { roleFlags } from '../../../../shared/domain/roles.js';
import { deferred, preloadOn, useDeferred, usePreload } from '../../app/deferred.js';
import { useUser } from '../../app/SessionProvider.js';
import { DataTable } from '../../components/DataTable.js';
import { PageHeader } from '../../components/PageHeader.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { WrappingTabList } from '../../components/WrappingTabList.js';
import { useAppPath } from '../shell/index.js';
import { useMayCallFn } from '../storefront/index.js';
import { type Employee, saveErrorMessage, useEmployees } from './api/index.js';
import { employeeColumns, employeeName } from './employeeColumns.js';
import { useEmployeeActions } from './useEmployeeActions.js';

// First-load budget (docs/decisions/0173-web-first-load-js.md): the employee form (zod, react-hook-form, the contract's
// schemas) and the Metrics tab (not shown first) download after the page shows or on first use.
const Form = deferred(() => import('./EmployeeFormDialog.js').then((m) => m.EmployeeFormDialog));
const Metrics = deferred(() => import('../timesheets/index.js').then((m) => m.MetricsTab));

export const BANNER_MS = 3000;

/** R-EMP-1: Employees, with the User Management tab; metrics come with the timesheets area. */
export default function EmployeesPage() {
  const user = useUser();
  const flags = roleFlags(user);
  const mayCall = useMayCallFn();
  const navigate = useNavigate();
  const appPath = useAppPath();
  const location = useLocation();
  const { data, error, isLoading, mutate, isValidating } = useEmployees();
  const [tab, setTab] = useState('users');
  const [form, setForm] = useState<{ open: boolean; employee: Employee | null }>({ open: false, employee: null });
  const [banner, setBanner] = useState<string | null>(null);
  usePreload(Form, Metrics);
  const EmployeeFormDialog = useDeferred(Form, form.open);
  const MetricsTab = useDeferred(Metrics, tab === 'metrics');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const showBanner = (message: string) => {
    setBanner(message);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setBanner(null), BANNER_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  // A navigation state { editUserId } opens that user's edit form on this tab (R-EMP-1).
  const editUserId = (location.state as { editUserId?: string } | null)?.editUserId;
  useEffect(() => {
    if (!editUserId || !data) return;
    const e = data.find((u) => u.id === editUserId);
    if (e) {
      setTab('users');
      setForm({ open: true, employee: e });
    }
    navigate('.', { replace: true, state: null });
  }, [editUserId, data, navigate]);

  const { act, confirmDialog } = useEmployeeActions({ onDone: showBanner, reload: () => mutate() });
  const columns = employeeColumns({
    flags,
    mayCall,
    actor: { ...user, userId: user.id ?? '', isOwner: user.isOwner === true },
    onOpen: (e) => navigate(appPath(`/employees/${e.id}`)),
    onEdit: (e) => setForm({ open: true, employee: e }),
    onAct: (e, kind) => void act(e, kind),
  });

  const count = data?.length ?? 0;
  return (
    <Stack gap="5">
      <PageHeader
        title="Employees"
        subtitle="Your team, their access and their documents"
        actions={
          <HStack gap="2">
            <Button variant="outline" onClick={() => void mutate()} loading={isValidating && !isLoading}>
              Refresh
            </Button>
            {mayCall('users.invite') && (
              <Button colorPalette="brand" {...preloadOn(Form)} onClick={() => setForm({ open: true, employee: null })}>
                Add Employee
              </Button>
            )}
          </HStack>
        }
      />
      {banner && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{banner}</Alert.Title>
        </Alert.Root>
      )}
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} lazyMount variant="line">
        <WrappingTabList>
          <Tabs.Trigger value="metrics">Metrics &amp; Performance</Tabs.Trigger>
          <Tabs.Trigger value="users">User Management ({count})</Tabs.Trigger>
        </WrappingTabList>
        <Tabs.Content value="metrics">
          {MetricsTab ? <MetricsTab /> : <PageSpinner label="Loading metrics…" />}
        </Tabs.Content>
        <Tabs.Content value="users">
          <Stack gap="3">
            <Text as="h2" fontSize="lg" fontWeight="semibold">
              Team Members
            </Text>
            <Box maxH="600px" overflowY="auto">
              <DataTable
                label="Team Members"
                rows={error ? [] : data}
                columns={columns}
                rowId={(e) => e.id}
                rowLabel={employeeName}
                loading={isLoading}
                pageSize={EMPLOYEE_PAGE_SIZE}
                error={
                  error
                    ? {
                        title: 'Error Loading Employees',
                        message: saveErrorMessage(error, 'Failed to load employee data'),
                        onRetry: () => void mutate(),
                      }
                    : null
                }
                empty={{
                  title: 'No Employees Found',
                  description: mayCall('users.invite')
                    ? 'Add your first employee to send them an invitation.'
                    : undefined,
                }}
              />
            </Box>
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
      {EmployeeFormDialog && (
        <EmployeeFormDialog
          open={form.open}
          employee={form.employee}
          onClose={() => setForm({ open: false, employee: null })}
          onSaved={(message) => {
            showBanner(message);
            void mutate();
          }}
        />
      )}
      {confirmDialog}
    </Stack>
  );
}
