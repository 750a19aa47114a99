import { Button, Checkbox, Table } from '@chakra-ui/react';
import { memo } from 'react';
import { PERMISSION_GROUPS, type PermissionGroup } from '../../../../shared/domain/permissions.js';
import {
  groupFullyGranted,
  isGrantable,
  isGranted,
  type PermissionPolicy,
  type PolicyRole,
  setGroup,
} from '../../../../shared/domain/roles.js';
import { GROUP_LABELS, GROUPS, permissionLabel, permissionOf, POLICY_ROLES, ROLE_LABELS } from './permissionLabels.js';

/** Changes the page's draft policy. */
export type Update = (fn: (p: PermissionPolicy) => PermissionPolicy) => void;

/** The matrix: one row per permission, grouped, one column per role (EMPLOYEE, MANAGER) with Grant All / Remove All per group. */
export function PermissionsMatrix({
  policy,
  editable,
  update,
}: {
  policy: PermissionPolicy;
  editable: boolean;
  update: Update;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="l2">
      <Table.Root size="sm" stickyHeader>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader minW={{ base: 'auto', md: '48' }}>Permission</Table.ColumnHeader>
            {POLICY_ROLES.map((r) => (
              <Table.ColumnHeader
                key={r}
                textAlign="center"
                minW={{ base: '20', md: '32' }}
                px={{ base: '1', md: '3' }}
              >
                {ROLE_LABELS[r]}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {GROUPS.map((g) => (
            <GroupRows
              key={g}
              group={g}
              employee={policy.EMPLOYEE?.[g]}
              manager={policy.MANAGER?.[g]}
              editable={editable}
              update={update}
            />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** One group's rows; re-renders only when that group's entries change (84 checkboxes in all). */
const GroupRows = memo(function GroupRows(props: {
  group: PermissionGroup;
  employee: Partial<Record<string, boolean>> | undefined;
  manager: Partial<Record<string, boolean>> | undefined;
  editable: boolean;
  update: Update;
}) {
  const { group, update } = props;
  const policy: PermissionPolicy = { EMPLOYEE: { [group]: props.employee }, MANAGER: { [group]: props.manager } };
  const toggle = (role: PolicyRole, name: string, granted: boolean) =>
    update((p) => ({ ...p, [role]: { ...p[role], [group]: { ...p[role]?.[group], [name]: granted } } }));
  return (
    <>
      <Table.Row bg="bg.muted" data-testid={`group-${group}`}>
        <Table.Cell fontWeight="semibold">{GROUP_LABELS[group]}</Table.Cell>
        {POLICY_ROLES.map((r) => {
          const all = groupFullyGranted(policy, r, group);
          return (
            <Table.Cell key={r} textAlign="center" px={{ base: '1', md: '3' }}>
              <Button
                size="2xs"
                variant="outline"
                disabled={!props.editable}
                aria-label={`${all ? 'Remove All' : 'Grant All'} ${GROUP_LABELS[group]} for ${ROLE_LABELS[r]}`}
                onClick={() => update((p) => setGroup(p, r, group, !all))}
              >
                {all ? 'Remove All' : 'Grant All'}
              </Button>
            </Table.Cell>
          );
        })}
      </Table.Row>
      {(PERMISSION_GROUPS[group] as readonly string[]).map((name) => (
        <Table.Row key={name}>
          <Table.Cell ps={{ base: '3', md: '6' }}>{permissionLabel(name)}</Table.Cell>
          {POLICY_ROLES.map((r) => {
            // A cell the role can never hold (R-AUTH-4) is shown off and greyed out.
            const grantable = isGrantable(r, permissionOf(group, name));
            return (
              <Table.Cell
                key={r}
                textAlign="center"
                px={{ base: '1', md: '3' }}
                title={grantable ? undefined : `Not available to ${ROLE_LABELS[r]}`}
              >
                <Checkbox.Root
                  size="sm"
                  disabled={!props.editable || !grantable}
                  checked={isGranted(policy, r, permissionOf(group, name))}
                  onCheckedChange={(e) => toggle(r, name, e.checked === true)}
                  justifyContent="center"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  {/* The input's aria-labelledby names this label: without it the reference dangles (docs/decisions/0020-accessibility-checked-by-axe.md). */}
                  <Checkbox.Label srOnly>
                    {`${ROLE_LABELS[r]}: ${GROUP_LABELS[group]} ${permissionLabel(name)}`}
                  </Checkbox.Label>
                </Checkbox.Root>
              </Table.Cell>
            );
          })}
        </Table.Row>
      ))}
    </>
  );
});
