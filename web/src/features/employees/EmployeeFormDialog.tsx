import * as z from '../../../../shared/zod.js';
import { Alert, Button, HStack, Input, NativeSelect, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { inviteBody } from '../../../../shared/contract/employee-models.js';
import { DialogFrame, FormDialog } from '../../components/FormDialog.js';
import { FormField } from '../../components/form.js';
import {
  saveErrorMessage,
  useCreateJobRole,
  useInviteEmployee,
  useJobRoles,
  useLocationList,
  useUpdateEmployee,
  type Employee,
} from './api/index.js';
import { useCreateLocation } from '../inventory/api/index.js';

/** The modal's fields (R-EMP-1): the contract's invite schema without the role, which stays EMPLOYEE. */
const employeeFormSchema = z.omit(inviteBody, { role: true });

const INVITE_NOTE = 'The employee will receive an email invitation to set up their own username and password.';

function defaultsOf(e: Employee | null) {
  return {
    firstName: e?.firstName ?? '',
    lastName: e?.lastName ?? '',
    email: e?.email ?? '',
    phone: e?.phone ?? '',
    jobRole: e?.jobRole ?? '',
    location: e?.location ?? '',
    hourlyWage: e?.hourlyWage == null ? '' : e.hourlyWage.toFixed(2),
    accessLevel: e?.accessLevel ?? ('EMPLOYEE' as const),
    startDate: e?.startDate ?? '',
  };
}

/** 'Add New Role' / 'Add New Location': a name, required after trimming. */
function AddNameDialog(props: {
  open: boolean;
  title: string;
  label: string;
  failure: string;
  onAdd: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const close = () => {
    setName('');
    setError(null);
    props.onClose();
  };
  const submit = async () => {
    if (!name.trim()) return setError('This field is required');
    setSaving(true);
    try {
      await props.onAdd(name.trim());
      close();
    } catch {
      setError(props.failure);
    } finally {
      setSaving(false);
    }
  };
  return (
    <DialogFrame
      open={props.open}
      title={props.title}
      dirty={name.trim() !== ''}
      saving={saving}
      submitLabel="Add"
      onSubmit={() => void submit()}
      onClose={close}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          // A portal still bubbles React events: keep this submit away from the employee form around it.
          e.stopPropagation();
          void submit();
        }}
      >
        <FormField label={props.label} required error={error ?? undefined}>
          <Input value={name} maxLength={120} onChange={(e) => (setName(e.target.value), setError(null))} autoFocus />
        </FormField>
      </form>
    </DialogFrame>
  );
}

/** Add or Edit Employee (R-EMP-1, R-EMP-3). */
export function EmployeeFormDialog(props: {
  open: boolean;
  employee: Employee | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const editing = props.employee;
  const defaults = useMemo(() => defaultsOf(editing), [editing]);
  const roles = useJobRoles();
  const locations = useLocationList();
  const [adding, setAdding] = useState<'role' | 'location' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Failures show inline (R-EMP-3), not as toasts; the saved message is the caller's banner.
  const update = useUpdateEmployee({ failure: 'Failed to save employee', toastFailure: false });
  const invite = useInviteEmployee({ failure: 'Failed to save employee', toastFailure: false });
  const createRole = useCreateJobRole({ failure: 'Failed to create job role. Please try again.', toastFailure: false });
  const createLocation = useCreateLocation({
    failure: 'Failed to create location. Please try again.',
    toastFailure: false,
  });

  return (
    <FormDialog
      open={props.open}
      title={editing ? 'Edit Employee' : 'Add New Employee'}
      schema={employeeFormSchema}
      defaultValues={defaults}
      submitLabel={editing ? 'Update' : 'Create'}
      onClose={() => {
        setFailure(null);
        props.onClose();
      }}
      onSubmit={async (values) => {
        setFailure(null);
        const body = {
          ...values,
          hourlyWage: values.hourlyWage === '' ? null : values.hourlyWage,
          startDate: values.startDate || null,
        };
        const r = editing ? await update.run(editing.id, body) : await invite.run({ ...body, role: 'EMPLOYEE' });
        if (!r.ok) {
          setFailure(saveErrorMessage(r.error, 'Failed to save employee'));
          return false;
        }
        // R-EMP-9: a new e-mail address waits for its owner's confirmation; the server's message says so.
        props.onSaved(editing ? r.value.message : 'Employee created and invitation email sent!');
      }}
    >
      {(form) => (
        <Stack gap="4">
          {!editing && (
            <Alert.Root status="info" size="sm">
              <Alert.Indicator />
              <Alert.Description>{INVITE_NOTE}</Alert.Description>
            </Alert.Root>
          )}
          {failure && (
            <Alert.Root status="error" size="sm">
              <Alert.Indicator />
              <Alert.Description>{failure}</Alert.Description>
            </Alert.Root>
          )}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField name="firstName" label="First Name" required>
              <Input {...form.register('firstName')} maxLength={100} autoComplete="off" />
            </FormField>
            <FormField name="lastName" label="Last Name" required>
              <Input {...form.register('lastName')} maxLength={100} autoComplete="off" />
            </FormField>
            <FormField
              name="email"
              label="Email"
              required
              helper={editing ? 'A new address takes effect once it is confirmed by the link sent to it.' : undefined}
            >
              <Input type="email" {...form.register('email')} maxLength={254} autoComplete="off" />
            </FormField>
            <FormField name="phone" label="Phone Number">
              <Input type="tel" {...form.register('phone')} maxLength={40} />
            </FormField>
            <FormField name="jobRole" label="Role">
              <HStack w="full" gap="2">
                <NativeSelect.Root flex="1">
                  <NativeSelect.Field {...form.register('jobRole')} aria-label="Role">
                    <option value="">Select a role</option>
                    {(roles.data ?? []).map((r) => (
                      <option key={r.id} value={r.name}>
                        {r.name}
                      </option>
                    ))}
                    {editing?.jobRole && !(roles.data ?? []).some((r) => r.name === editing.jobRole) && (
                      <option value={editing.jobRole}>{editing.jobRole}</option>
                    )}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </HStack>
              <Button
                size="xs"
                variant="ghost"
                colorPalette="brand"
                alignSelf="start"
                px="1"
                onClick={() => setAdding('role')}
              >
                + Add New Role
              </Button>
            </FormField>
            <FormField name="location" label="Location">
              <HStack w="full" gap="2">
                <NativeSelect.Root flex="1">
                  <NativeSelect.Field {...form.register('location')} aria-label="Location">
                    <option value="">Select a location</option>
                    {(locations.data ?? []).map((l) => (
                      <option key={l.id} value={l.name}>
                        {l.name}
                      </option>
                    ))}
                    {editing?.location && !(locations.data ?? []).some((l) => l.name === editing.location) && (
                      <option value={editing.location}>{editing.location}</option>
                    )}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </HStack>
              <Button
                size="xs"
                variant="ghost"
                colorPalette="brand"
                alignSelf="start"
                px="1"
                onClick={() => setAdding('location')}
              >
                + Add New Location
              </Button>
            </FormField>
            <FormField name="hourlyWage" label="Wage">
              <Input
                type="number"
                step="0.01"
                min="0"
                inputMode="decimal"
                {...form.register('hourlyWage')}
                placeholder="0.00"
              />
            </FormField>
            <FormField label="Rate">
              <Input value="Hourly" readOnly aria-label="Rate" />
            </FormField>
            <FormField name="accessLevel" label="Access Level">
              <Controller
                control={form.control}
                name="accessLevel"
                render={({ field }) => (
                  <RadioGroup.Root value={field.value ?? 'EMPLOYEE'} onValueChange={(e) => field.onChange(e.value)}>
                    {/* The group's aria-labelledby names this label (docs/decisions/0020-accessibility-checked-by-axe.md); the field's shows. */}
                    <RadioGroup.Label srOnly>Access Level</RadioGroup.Label>
                    <HStack gap="5">
                      {(['EMPLOYEE', 'MANAGER'] as const).map((v) => (
                        <RadioGroup.Item key={v} value={v}>
                          <RadioGroup.ItemHiddenInput />
                          <RadioGroup.ItemIndicator />
                          <RadioGroup.ItemText>{v === 'EMPLOYEE' ? 'Employee' : 'Manager'}</RadioGroup.ItemText>
                        </RadioGroup.Item>
                      ))}
                    </HStack>
                  </RadioGroup.Root>
                )}
              />
            </FormField>
            <FormField name="startDate" label="Start Date">
              <Input type="date" {...form.register('startDate')} />
            </FormField>
          </SimpleGrid>
          <Text fontSize="xs" color="fg.muted">
            Fields marked * are required.
          </Text>
          <AddNameDialog
            open={adding === 'role'}
            title="Add New Role"
            label="Role name"
            failure="Failed to create job role. Please try again."
            onClose={() => setAdding(null)}
            onAdd={async (name) => {
              const r = await createRole.run(name);
              if (!r.ok) throw r.error;
              form.setValue('jobRole', r.value.jobRole.name, { shouldDirty: true });
            }}
          />
          <AddNameDialog
            open={adding === 'location'}
            title="Add New Location"
            label="Location name"
            failure="Failed to create location. Please try again."
            onClose={() => setAdding(null)}
            onAdd={async (name) => {
              const r = await createLocation.run(name);
              if (!r.ok) throw r.error;
              form.setValue('location', r.value.name, { shouldDirty: true });
            }}
          />
        </Stack>
      )}
    </FormDialog>
  );
}
