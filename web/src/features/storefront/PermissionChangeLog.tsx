import { List, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { errorMessage } from '../../api/client.js';
import { type OrgClock, useOrgClock } from '../../app/time-zone.js';
import { type Column, DataTable } from '../../components/DataTable.js';
import { type PermissionLog, usePermissionLogs } from './api/index.js';
import { describeChange } from './permissionLabels.js';
import { PERMISSION_TEXT } from './permissionText.js';

const logColumns = (clock: OrgClock): Column<PermissionLog>[] => [
  {
    key: 'time',
    header: 'Time',
    render: (l) => clock.dateTime(l.createdAt),
    sortValue: (l) => l.createdAt,
    nowrap: true,
  },
  { key: 'actor', header: 'Actor', render: (l) => l.actorName || PERMISSION_TEXT.unknownActor },
  {
    key: 'note',
    header: 'Note',
    render: (l) => (
      <Stack gap="1">
        <Text>{l.changeNote}</Text>
        {l.changes.length > 0 && (
          <List.Root fontSize="xs" color="fg.muted" ps="4">
            {l.changes.map((c) => (
              <List.Item key={`${c.role}.${c.permission}`}>
                {describeChange(c as Parameters<typeof describeChange>[0])}
              </List.Item>
            ))}
          </List.Root>
        )}
      </Stack>
    ),
  },
];

/** Who changed which permission when, newest first (R-SET-5). */
export function PermissionChangeLog() {
  const { data, error, isLoading, mutate } = usePermissionLogs(true);
  const clock = useOrgClock();
  const columns = useMemo(() => logColumns(clock), [clock]);
  return (
    <DataTable
      label="Permission change log"
      rows={data}
      columns={columns}
      rowId={(l) => l.id}
      loading={isLoading}
      error={
        error
          ? {
              title: 'Failed to load the change log',
              message: errorMessage(error, 'Failed to load the change log'),
              onRetry: () => void mutate(),
            }
          : null
      }
      empty={{ title: PERMISSION_TEXT.noLogs }}
      pageSize={25}
    />
  );
}
