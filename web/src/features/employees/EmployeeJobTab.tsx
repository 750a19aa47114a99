import { Card, SimpleGrid, Text } from '@chakra-ui/react';
import { accessLong } from '../../../../shared/domain/employees.js';
import { useOrgClock } from '../../app/time-zone.js';
import type { EmployeeDetail } from './api/index.js';
import { type BlockField, EditableBlock } from './EditableBlock.js';
import { Timeline } from './EmployeeHeader.js';
import { blank, dollarsPerHour, fourDigits, wageCheck } from './employeeFieldChecks.js';

/** The Job Details tab of an employee (R-EMP-8): location, access, PIN, start date, role, wage; and the job history. */
export function EmployeeJobTab({
  e,
  canEdit,
  canChangeRights = false,
  save,
}: {
  e: EmployeeDetail;
  canEdit: boolean;
  /** The owner, on another active account: the Administrator rights field (R-EMP-10). */
  canChangeRights?: boolean;
  save: (body: Record<string, unknown>) => Promise<void>;
}) {
  const clock = useOrgClock();
  const rightsField: BlockField[] = canChangeRights
    ? [
        {
          key: 'role',
          label: 'Administrator rights',
          display: e.role === 'BUSINESS_ADMIN' ? 'Business administrator' : 'None',
          initial: e.role === 'BUSINESS_ADMIN' ? 'BUSINESS_ADMIN' : 'EMPLOYEE',
          type: 'select',
          options: [
            { value: 'EMPLOYEE', label: 'None' },
            { value: 'BUSINESS_ADMIN', label: 'Business administrator' },
          ],
          helper: 'A business administrator can do everything you can, except change administrators.',
        },
      ]
    : [];
  return (
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
            ...(canChangeRights ? { role: v.role } : {}),
          })
        }
        fields={[
          ...rightsField,
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
  );
}
