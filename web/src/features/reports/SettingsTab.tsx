import { Card, Stack, Text } from '@chakra-ui/react';
import { REPORT_LABELS, REPORT_TYPES } from './model.js';

/** The Settings tab: the reports' fixed settings, read only. */
export function SettingsList({ zone }: { zone: string }) {
  const rows: [string, string][] = [
    ['Report cache', '10 minutes'],
    ['Maximum report range', '1 year'],
    ['Default export format', 'PDF'],
    ['Export page', 'A4, 20 mm margins'],
    ['Time zone of reports', zone],
    ['Scheduled reports', 'Sent within 5 minutes of their time; last 100 runs kept'],
    ['Report types', REPORT_TYPES.map((t) => REPORT_LABELS[t]).join(', ')],
  ];
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="2" as="dl">
          {rows.map(([k, v]) => (
            <Stack key={k} direction={{ base: 'column', sm: 'row' }} gap={{ base: 0, sm: 4 }}>
              <Text as="dt" fontWeight="medium" minW="14rem">
                {k}
              </Text>
              <Text as="dd" color="fg.muted">
                {v}
              </Text>
            </Stack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
