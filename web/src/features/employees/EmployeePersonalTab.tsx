import { Stack } from '@chakra-ui/react';
import { formatPhone, maskSsn, splitLegalName } from '../../../../shared/domain/employees.js';
import { useOrgClock } from '../../app/time-zone.js';
import type { EmployeeDetail } from './api/index.js';
import { EditableBlock } from './EditableBlock.js';
import { blank, ssnCheck } from './employeeFieldChecks.js';

/** The Personal Information tab of an employee (R-EMP-8): contact and payroll details. */
export function EmployeePersonalTab({
  e,
  canEdit,
  save,
}: {
  e: EmployeeDetail;
  canEdit: boolean;
  save: (body: Record<string, unknown>) => Promise<void>;
}) {
  const clock = useOrgClock();
  return (
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
  );
}
