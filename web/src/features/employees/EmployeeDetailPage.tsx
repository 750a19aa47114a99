import { Button, HStack, Stack, Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { userChangeRefusal } from '../../../../shared/domain/employees.js';
import { ApiRequestError } from '../../api/client.js';
import { deferred, useDeferred, usePreload } from '../../app/deferred.js';
import { useUser } from '../../app/SessionProvider.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ArrowLeftIcon } from '../../components/icons.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { WrappingTabList } from '../../components/WrappingTabList.js';
import { useAppPath } from '../shell/index.js';
import { useMayCallFn } from '../storefront/index.js';
import { updateEmployee, useEmployee } from './api/index.js';
import { EditableBlock } from './EditableBlock.js';
import { Header } from './EmployeeHeader.js';
import { PendingEmail } from './PendingEmail.js';
import { EmployeeJobTab } from './EmployeeJobTab.js';
import { EmployeePersonalTab } from './EmployeePersonalTab.js';
import { blank } from './employeeFieldChecks.js';
import { ProfilePicture } from './ProfilePicture.js';

// First-load budget (docs/decisions/0173-web-first-load-js.md): the Documents and Performance tabs (not shown first) download
// after the page shows or when their tab is opened.
const Documents = deferred(() => import('./DocumentsTab.js').then((m) => m.DocumentsTab));
const Performance = deferred(() => import('../timesheets/index.js').then((m) => m.PerformanceTab));

/** R-EMP-8 Employee detail, /employees/{id}. */
export default function EmployeeDetailPage() {
  const { id } = useParams();
  const user = useUser();
  const mayCall = useMayCallFn();
  const appPath = useAppPath();
  const navigate = useNavigate();
  const { data: e, error, isLoading, mutate } = useEmployee(id);
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

  // The server's rule (docs/decisions/0009-sessions-follow-the-account.md): a manager changes no administrator's record, documents included.
  const actor = { ...user, userId: user.id ?? '', isOwner: user.isOwner === true };
  const canEdit = mayCall('users.update') && userChangeRefusal(actor, e) === null;
  // The owner alone gives or takes another account's administrator rights (R-EMP-10).
  const canChangeRights = canEdit && actor.isOwner && e.id !== actor.userId && e.status === 'ACTIVE';
  const save = async (body: Record<string, unknown>) => {
    const r = await updateEmployee(e.id, body);
    await mutate(r.employee, { revalidate: false });
  };

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
        notice={e.pendingEmail ? <PendingEmail e={e} canEdit={canEdit} onChanged={() => mutate()} /> : null}
      />
      <Tabs.Root value={tab} onValueChange={(x) => setTab(x.value)} lazyMount variant="line">
        <WrappingTabList>
          <Tabs.Trigger value="job">Job Details</Tabs.Trigger>
          <Tabs.Trigger value="personal">Personal Information</Tabs.Trigger>
          <Tabs.Trigger value="documents">Documents</Tabs.Trigger>
          <Tabs.Trigger value="performance">Performance</Tabs.Trigger>
        </WrappingTabList>

        <Tabs.Content value="job">
          <EmployeeJobTab e={e} canEdit={canEdit} canChangeRights={canChangeRights} save={save} />
        </Tabs.Content>

        <Tabs.Content value="personal">
          <EmployeePersonalTab e={e} canEdit={canEdit} save={save} />
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
