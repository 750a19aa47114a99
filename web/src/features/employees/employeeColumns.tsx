import { Avatar, Badge, Box, Button, HStack, Text } from '@chakra-ui/react';
import type { GatedRoute } from '../../../../shared/contract/route-needs.js';
import type { roleFlags } from '../../../../shared/domain/roles.js';
import {
  accessShort,
  canDeactivate,
  canDeleteEmployee,
  canRemoveAccount,
  type ChangeActor,
  canResendInvite,
  formatPhone,
  initials,
} from '../../../../shared/domain/employees.js';
import type { Column } from '../../components/DataTable.js';
import { formatMoneyCents } from '../../components/format.js';
import type { Employee } from './api/index.js';
import type { EmployeeAction } from './useEmployeeActions.js';

function StatusBadge({ e }: { e: Employee }) {
  if (e.status === 'PENDING') return <Badge colorPalette="orange">Pending</Badge>;
  if (e.status === 'INACTIVE') return <Badge colorPalette="red">Inactive</Badge>;
  return <Badge colorPalette="green">Active</Badge>;
}

/** Whole dollars in the table (R-EMP-6). */
/** The hourly wage to the cent, as it was set (R-EMP-11): $18.50 is never shown as $19. */
const hourlyWage = (e: Employee) => (e.hourlyWageCents == null ? '—' : formatMoneyCents(e.hourlyWageCents));

/** An employee's name as the table shows it and names the row. */
export const employeeName = (e: Employee) => `${e.firstName} ${e.lastName}`.trim();

/**
 * The Team Members table's columns (R-EMP-1): who may edit, resend, deactivate or delete a row follows
 * the viewer's role flags; nobody deactivates or deletes themself, and only the owner an
 * administrator (R-EMP-10).
 */
export function employeeColumns({
  flags,
  mayCall,
  actor,
  onOpen,
  onEdit,
  onAct,
}: {
  flags: ReturnType<typeof roleFlags>;
  /** Whether the viewer may call a route (useMayCallFn): a button shows only where its route would answer (R-RES-13). */
  mayCall: (route: GatedRoute) => boolean;
  /** The signed-in person as the change rule sees them. */
  actor: ChangeActor;
  onOpen: (e: Employee) => void;
  onEdit: (e: Employee) => void;
  onAct: (e: Employee, action: EmployeeAction) => void;
}): Column<Employee>[] {
  const name = employeeName;
  return [
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
            <Button variant="plain" p="0" h="auto" fontWeight="medium" onClick={() => onOpen(e)}>
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
      render: hourlyWage,
    },
    { key: 'status', header: 'Status', nowrap: true, sortValue: (e) => e.status, render: (e) => <StatusBadge e={e} /> },
    {
      key: 'actions',
      header: 'Actions',
      nowrap: true,
      align: 'end',
      render: (e) => (
        <HStack gap="1" justify="end" wrap="wrap">
          {mayCall('users.update') && (flags.isAdmin || canDeleteEmployee(e)) && (
            <Button size="xs" variant="outline" onClick={() => onEdit(e)} aria-label={`Edit ${name(e)}`}>
              Edit
            </Button>
          )}
          {mayCall('users.resendInvite') && canResendInvite(e) && (
            <Button
              size="xs"
              variant="outline"
              onClick={() => onAct(e, 'resend')}
              aria-label={`Resend invitation to ${name(e)}`}
            >
              Resend
            </Button>
          )}
          {mayCall('users.deactivate') && canDeactivate(e) && canRemoveAccount(actor, e) && (
            <Button
              size="xs"
              variant="outline"
              colorPalette="orange"
              onClick={() => onAct(e, 'deactivate')}
              aria-label={`Deactivate ${name(e)}`}
            >
              Deactivate
            </Button>
          )}
          {mayCall('users.delete') && canRemoveAccount(actor, e) && (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={() => onAct(e, 'delete')}
              aria-label={`Delete ${name(e)}`}
            >
              Delete
            </Button>
          )}
        </HStack>
      ),
    },
  ];
}
