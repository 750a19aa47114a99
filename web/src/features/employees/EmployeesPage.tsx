import { Alert, Avatar, Badge, Box, Button, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { formatWholeDollars } from '../../../../shared/domain/money.js';
import { roleFlags } from '../../../../shared/domain/roles.js';
import {
  accessShort,
  canDeactivate,
  canDeleteEmployee,
  canResendInvite,
  EMPLOYEE_PAGE_SIZE,
  formatPhone,
  initials,
} from '../../../../shared/domain/employees.js';
import { useUser } from '../../app/SessionProvider.js';
import { DataTable, type Column } from '../../components/DataTable.js';
import { PageHeader } from '../../components/PageHeader.js';
import { notify } from '../../components/toaster.js';
import { useConfirm } from '../../components/useConfirm.js';
import { useAppPath } from '../shell/index.js';
import {
  saveErrorMessage,
  useDeactivateEmployee,
  useDeleteEmployee,
  useEmployees,
  useResendInvite,
  type Employee,
} from './api/index.js';
import { deferred, preloadOn, useDeferred, usePreload } from '../../app/deferred.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { ScrollingTabList } from '../../components/ScrollingTabList.js';

// First-load budget (docs/decisions/web-first-load-js.md): the employee form (zod, react-hook-form, the contract's
// schemas) and the Metrics tab (not shown first) download after the page shows or on first use.
const Form = deferred(() => import('./EmployeeFormDialog.js').then((m) => m.EmployeeFormDialog));
const Metrics = deferred(() => import('../timesheets/index.js').then((m) => m.MetricsTab));

export const BANNER_MS = 3000;

function StatusBadge({ e }: { e: Employee }) {
  if (e.status === 'PENDING') return <Badge colorPalette="orange">Pending</Badge>;
  if (e.status === 'INACTIVE') return <Badge colorPalette="red">Inactive</Badge>;
  return <Badge colorPalette="green">Active</Badge>;
}

/** Whole dollars in the table (R-EMP-6). */
export const wholeDollars = (e: Employee) => (e.hourlyWageCents == null ? '—' : formatWholeDollars(e.hourlyWageCents));

/** R-EMP-1: Employees, with the User Management tab; metrics come with the timesheets area. */
export default function EmployeesPage() {
  const user = useUser();
  const flags = roleFlags(user);
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
  const { confirm, confirmDialog } = useConfirm();

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

  const writes = {
    resend: useResendInvite({ failure: 'Failed to resend invitation', toastFailure: false }),
    deactivate: useDeactivateEmployee({ failure: 'Failed to deactivate employee', toastFailure: false }),
    delete: useDeleteEmployee({ failure: 'Failed to delete employee', toastFailure: false }),
  };
  const act = async (e: Employee, kind: 'resend' | 'deactivate' | 'delete') => {
    const texts = {
      resend: {
        message: 'Are you sure you want to resend the invitation email?',
        title: 'Resend invitation',
        label: 'Resend',
        fail: 'Failed to resend invitation',
        done: 'Invitation email resent successfully!',
      },
      deactivate: {
        message: 'Are you sure you want to deactivate this employee? They will not be able to log in.',
        title: 'Deactivate employee',
        label: 'Deactivate',
        fail: 'Failed to deactivate employee',
        done: 'Employee deactivated successfully!',
      },
      delete: {
        message: 'Are you sure you want to delete this employee? This action cannot be undone.',
        title: 'Delete employee',
        label: 'Delete',
        fail: 'Failed to delete employee',
        done: 'Employee deleted successfully!',
      },
    }[kind];
    const ok = await confirm({
      title: texts.title,
      message: texts.message,
      confirmLabel: texts.label,
      destructive: kind !== 'resend',
    });
    if (!ok) return;
    // The banner says it; a failure is toasted here (the delete's server-error text, R-EMP-3).
    const r = await writes[kind].run(e.id);
    if (r.ok) {
      showBanner(texts.done);
      return;
    }
    const status = (r.error as { status?: number }).status;
    const fallback =
      kind === 'delete' && status && status >= 500
        ? `Server error (${status}): ${(r.error as Error).message}`
        : texts.fail;
    notify.error(saveErrorMessage(r.error, fallback));
    await mutate();
  };

  const name = (e: Employee) => `${e.firstName} ${e.lastName}`.trim();
  const columns: Column<Employee>[] = [
    {
      key: 'employee',
      header: 'Employee',
      minWidth: '13rem',
      sortValue: (e) => `${e.lastName} ${e.firstName}`.toLowerCase(),
      render: (e) => (
        <HStack gap="3">
          <Avatar.Root size="sm" colorPalette="brand" variant="subtle">
            <Avatar.Fallback>{initials(e.firstName, e.lastName)}</Avatar.Fallback>
          </Avatar.Root>
          <Box minW="0" maxW="16rem">
            <Button
              variant="plain"
              p="0"
              h="auto"
              fontWeight="medium"
              onClick={() => navigate(appPath(`/employees/${e.id}`))}
            >
              {name(e)}
            </Button>
            <Text fontSize="xs" color="fg.muted" truncate title={`@${e.username}`}>
              @{e.status === 'PENDING' ? 'pending-setup' : e.username}
            </Text>
          </Box>
        </HStack>
      ),
    },
    {
      key: 'contact',
      header: 'Contact',
      minWidth: '12rem',
      render: (e) => (
        <Box minW="0" maxW="18rem">
          <Text truncate title={e.email}>
            {e.email}
          </Text>
          {e.phone && (
            <Text fontSize="xs" color="fg.muted">
              {formatPhone(e.phone)}
            </Text>
          )}
        </Box>
      ),
    },
    {
      key: 'access',
      header: 'Access',
      nowrap: true,
      sortValue: (e) => accessShort(e),
      render: (e) => <Badge variant="outline">{accessShort(e)}</Badge>,
    },
    { key: 'location', header: 'Location', sortValue: (e) => e.location ?? '', render: (e) => e.location || '—' },
    { key: 'role', header: 'Role', sortValue: (e) => e.jobRole ?? '', render: (e) => e.jobRole || '—' },
    {
      key: 'wage',
      header: 'Wage',
      nowrap: true,
      align: 'end',
      sortValue: (e) => e.hourlyWageCents ?? -1,
      render: wholeDollars,
    },
    { key: 'status', header: 'Status', nowrap: true, sortValue: (e) => e.status, render: (e) => <StatusBadge e={e} /> },
    {
      key: 'actions',
      header: 'Actions',
      nowrap: true,
      align: 'end',
      render: (e) => (
        <HStack gap="1" justify="end" wrap="wrap">
          {(flags.isAdmin || canDeleteEmployee(e)) && (
            <Button
              size="xs"
              variant="outline"
              onClick={() => setForm({ open: true, employee: e })}
              aria-label={`Edit ${name(e)}`}
            >
              Edit
            </Button>
          )}
          {flags.canManageUsers && canResendInvite(e) && (
            <Button
              size="xs"
              variant="outline"
              onClick={() => void act(e, 'resend')}
              aria-label={`Resend invitation to ${name(e)}`}
            >
              Resend
            </Button>
          )}
          {flags.canManageUsers && canDeactivate(e) && canDeleteEmployee(e) && e.id !== user.id && (
            <Button
              size="xs"
              variant="outline"
              colorPalette="orange"
              onClick={() => void act(e, 'deactivate')}
              aria-label={`Deactivate ${name(e)}`}
            >
              Deactivate
            </Button>
          )}
          {flags.canManageUsers && canDeleteEmployee(e) && e.id !== user.id && (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={() => void act(e, 'delete')}
              aria-label={`Delete ${name(e)}`}
            >
              Delete
            </Button>
          )}
        </HStack>
      ),
    },
  ];

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
            {flags.canManageUsers && (
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
        <ScrollingTabList>
          <Tabs.Trigger value="metrics">Metrics &amp; Performance</Tabs.Trigger>
          <Tabs.Trigger value="users">User Management ({count})</Tabs.Trigger>
        </ScrollingTabList>
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
                rowLabel={name}
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
                  description: flags.canManageUsers ? 'Add your first employee to send them an invitation.' : undefined,
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
