import { Button, Card, HStack, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { ApiRequestError } from '../../api/client.js';
import { formatCents } from '../../../../shared/domain/money.js';
import { roleFlags } from '../../../../shared/domain/roles.js';
import {
  accessLong,
  formatPhone,
  maskSsn,
  splitLegalName,
  userChangeRefusal,
} from '../../../../shared/domain/employees.js';
import { useUser } from '../../app/SessionProvider.js';
import { EmptyState } from '../../components/EmptyState.js';
import { useOrgClock } from '../../app/time-zone.js';
import { ArrowLeftIcon } from '../../components/icons.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { ScrollingTabList } from '../../components/ScrollingTabList.js';
import { useAppPath } from '../shell/index.js';
import { updateEmployee, useEmployee } from './api/index.js';
import { deferred, useDeferred, usePreload } from '../../app/deferred.js';
import { EditableBlock } from './EditableBlock.js';
import { ProfilePicture } from './ProfilePicture.js';
import { Header, Timeline } from './EmployeeHeader.js';

// First-load budget (docs/decisions/web-first-load-js.md): the Documents and Performance tabs (not shown first) download
// after the page shows or when their tab is opened.
const Documents = deferred(() => import('./DocumentsTab.js').then((m) => m.DocumentsTab));
const Performance = deferred(() => import('../timesheets/index.js').then((m) => m.PerformanceTab));

const dollarsPerHour = (cents: number | null) => (cents == null ? '' : `${formatCents(cents)}/hr`);
const fourDigits = (v: string) => (v === '' || /^\d{4}$/.test(v) ? null : 'PIN must be 4 digits');
const ssnCheck = (v: string) =>
  v === '' || /^\d{3}-?\d{2}-?\d{4}$/.test(v) ? null : 'SSN must be 9 digits (XXX-XX-XXXX)';
const wageCheck = (v: string) =>
  v === '' || (/^\d+(\.\d{1,2})?$/.test(v) && Number(v) >= 0) ? null : 'Wage must be a number of 0 or more';

/** R-EMP-8 Employee detail, /employees/{id}. */
export default function EmployeeDetailPage() {
  const { id } = useParams();
  const user = useUser();
  const flags = roleFlags(user);
  const appPath = useAppPath();
  const navigate = useNavigate();
  const { data: e, error, isLoading, mutate } = useEmployee(id);
  const clock = useOrgClock();
  const [tab, setTab] = useState('job');
  usePreload(Documents, Performance);
  const DocumentsTab = useDeferred(Documents, tab === 'documents');
  const PerformanceTab = useDeferred(Performance, tab === 'performance');

  if (isLoading) return <PageSpinner label="Loading employee…" />;
  const back = (
    <Button asChild variant="ghost" size="sm" alignSelf="start">
      <RouterLink to={appPath('/employees')}>
        <ArrowLeftIcon /> Back to Employees
      </RouterLink>
    </Button>
  );
  if (error || !e) {
    const missing = !e && (!error || (error instanceof ApiRequestError && error.status === 404));
    return (
      <Stack gap="4">
        {back}
        <EmptyState
          title={missing ? 'Employee Not Found' : 'Failed to load employee details'}
          description={missing ? 'This employee does not exist or was deleted.' : (error as Error).message}
          action={
            missing ? (
              <Button asChild variant="outline">
                <RouterLink to={appPath('/employees')}>Back to Employees</RouterLink>
              </Button>
            ) : (
              <Button variant="outline" onClick={() => void mutate()}>
                Retry
              </Button>
            )
          }
        />
      </Stack>
    );
  }

  // The server's rule (docs/decisions/sessions-follow-the-account.md): a manager changes no administrator's record, documents included.
  const canEdit = flags.canViewEmployees && userChangeRefusal({ ...user, userId: user.id ?? '' }, e) === null;
  const save = async (body: Record<string, unknown>) => {
    const r = await updateEmployee(e.id, body);
    await mutate(r.employee, { revalidate: false });
  };
  const blank = (v: string) => (v.trim() === '' ? null : v.trim());

  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap" gap="2">
        {back}
        {canEdit && (
          <Button variant="outline" onClick={() => navigate(appPath('/employees'), { state: { editUserId: e.id } })}>
            Edit Employee
          </Button>
        )}
      </HStack>
      <Header
        e={e}
        picture={
          <ProfilePicture employee={e} canEdit={canEdit} onChanged={(next) => mutate(next, { revalidate: false })} />
        }
      />
      <Tabs.Root value={tab} onValueChange={(x) => setTab(x.value)} lazyMount variant="line">
        <ScrollingTabList>
          <Tabs.Trigger value="job">Job Details</Tabs.Trigger>
          <Tabs.Trigger value="personal">Personal Information</Tabs.Trigger>
          <Tabs.Trigger value="documents">Documents</Tabs.Trigger>
          <Tabs.Trigger value="performance">Performance</Tabs.Trigger>
        </ScrollingTabList>

        <Tabs.Content value="job">
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
            <EditableBlock
              title="Job Details"
              canEdit={canEdit}
              failure="Failed to update employee details"
              onSave={(v) =>
                save({
                  location: blank(v.location!),
                  accessLevel: v.accessLevel,
                  pin: v.pin === '••••' ? undefined : v.pin,
                  startDate: v.startDate || null,
                  jobRole: blank(v.jobRole!),
                  hourlyWage: v.hourlyWage === '' ? null : v.hourlyWage,
                })
              }
              fields={[
                { key: 'location', label: 'Location', display: e.location, initial: e.location ?? '', maxLength: 120 },
                {
                  key: 'accessLevel',
                  label: 'Access Level',
                  display: accessLong(e),
                  initial: e.accessLevel,
                  type: 'select',
                  options: [
                    { value: 'EMPLOYEE', label: 'Employee' },
                    { value: 'MANAGER', label: 'Administrator' },
                  ],
                },
                {
                  key: 'pin',
                  label: 'PIN',
                  display: e.hasPin ? '••••' : 'Not set (the employee sets their own 4-digit PIN)',
                  initial: e.hasPin ? '••••' : '',
                  type: 'password',
                  maxLength: 4,
                  helper: 'Leave empty to let the employee set their own 4-digit PIN',
                  check: (v) => (v === '••••' ? null : fourDigits(v)),
                },
                {
                  key: 'startDate',
                  label: 'Start Date',
                  display: e.startDate ? clock.date(e.startDate) : '',
                  initial: e.startDate ?? '',
                  type: 'date',
                },
                { key: 'jobRole', label: 'Role', display: e.jobRole, initial: e.jobRole ?? '', maxLength: 120 },
                {
                  key: 'hourlyWage',
                  label: 'Wage per Hour',
                  display: dollarsPerHour(e.hourlyWageCents),
                  initial: e.hourlyWage == null ? '' : e.hourlyWage.toFixed(2),
                  type: 'number',
                  check: wageCheck,
                },
              ]}
            />
            <Card.Root>
              <Card.Header>
                <Text as="h2" fontWeight="semibold">
                  Job History
                </Text>
              </Card.Header>
              <Card.Body>
                <Timeline startDate={e.startDate} />
              </Card.Body>
            </Card.Root>
          </SimpleGrid>
        </Tabs.Content>

        <Tabs.Content value="personal">
          <Stack gap="4">
            <EditableBlock
              title="Contact Information"
              canEdit={canEdit}
              failure="Failed to update contact information"
              onSave={(v) =>
                save({
                  preferredName: blank(v.preferredName!),
                  personalEmail: v.personalEmail!.trim(),
                  mobileNumber: blank(v.mobileNumber!),
                  emergencyContact: blank(v.emergencyContact!),
                })
              }
              fields={[
                {
                  key: 'preferredName',
                  label: 'Preferred Name',
                  display: e.preferredName,
                  initial: e.preferredName ?? '',
                  maxLength: 100,
                },
                {
                  key: 'personalEmail',
                  label: 'Personal Email',
                  display: e.personalEmail,
                  initial: e.personalEmail ?? '',
                  type: 'email',
                  maxLength: 254,
                },
                {
                  key: 'mobileNumber',
                  label: 'Mobile Number',
                  display: formatPhone(e.mobileNumber),
                  initial: e.mobileNumber ?? '',
                  type: 'tel',
                  maxLength: 40,
                },
                {
                  key: 'emergencyContact',
                  label: 'Emergency Contact',
                  display: e.emergencyContact,
                  initial: e.emergencyContact ?? '',
                  maxLength: 500,
                },
              ]}
            />
            <EditableBlock
              title="Payroll Information"
              canEdit={canEdit}
              failure="Failed to update payroll information"
              onSave={(v) => {
                const legal = splitLegalName(v.legalName!);
                return save({
                  legalName: v.legalName!.trim(),
                  ...(legal.firstName ? { firstName: legal.firstName } : {}),
                  ...(legal.lastName ? { lastName: legal.lastName } : {}),
                  dateOfBirth: v.dateOfBirth || null,
                  ssn: v.ssn === maskSsn(e.ssnLast4) && e.ssnLast4 ? undefined : (v.ssn ?? '').trim(),
                  homeAddress: blank(v.homeAddress!),
                });
              }}
              fields={[
                {
                  key: 'legalName',
                  label: 'Legal Name',
                  display: `${e.firstName} ${e.lastName}`,
                  initial: `${e.firstName} ${e.lastName}`.trim(),
                  maxLength: 200,
                },
                {
                  key: 'dateOfBirth',
                  label: 'Date of Birth',
                  display: e.dateOfBirth ? clock.date(e.dateOfBirth) : '',
                  initial: e.dateOfBirth ?? '',
                  type: 'date',
                },
                {
                  key: 'ssn',
                  label: 'SSN',
                  display: maskSsn(e.ssnLast4),
                  initial: maskSsn(e.ssnLast4),
                  maxLength: 11,
                  placeholder: 'XXX-XX-XXXX',
                  helper: 'Stored encrypted; only the last 4 digits are ever shown',
                  check: (v) => (v === maskSsn(e.ssnLast4) && e.ssnLast4 ? null : ssnCheck(v)),
                },
                {
                  key: 'homeAddress',
                  label: 'Home Address',
                  display: e.homeAddress,
                  initial: e.homeAddress ?? '',
                  maxLength: 500,
                },
              ]}
            />
          </Stack>
        </Tabs.Content>

        <Tabs.Content value="documents">
          {DocumentsTab ? <DocumentsTab userId={e.id} canEdit={canEdit} /> : <PageSpinner label="Loading documents…" />}
        </Tabs.Content>

        <Tabs.Content value="performance">
          <Stack gap="4">
            {PerformanceTab ? (
              <PerformanceTab userId={e.id} />
            ) : (
              <PageSpinner label="Loading performance…" minH="20vh" />
            )}
            <EditableBlock
              title="Manager Notes"
              canEdit={canEdit}
              failure="Failed to update manager notes"
              columns={1}
              onSave={(v) => save({ managerNotes: blank(v.managerNotes!) })}
              fields={[
                {
                  key: 'managerNotes',
                  label: 'Notes',
                  display: e.managerNotes,
                  initial: e.managerNotes ?? '',
                  type: 'textarea',
                  maxLength: 5000,
                },
              ]}
            />
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
