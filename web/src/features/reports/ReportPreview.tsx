import { Box, Button, Card, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { printReport, runExport } from './exporting.js';
import {
  cellText,
  EMPTY_TEXT,
  type ExportFormat,
  FORMAT_LABELS,
  type ReportData,
  type ReportTable,
  supportedFormats,
} from './model.js';

function ExportButtons({ report, table, business }: { report: ReportData; table: ReportTable; business: string }) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (f: ExportFormat) => {
    setBusy(f);
    try {
      await runExport(f, report, table, business);
    } finally {
      setBusy(null);
    }
  };
  return (
    <HStack gap="2" wrap="wrap">
      <Button size="sm" variant="outline" onClick={() => printReport(table, business)}>
        Print
      </Button>
      {supportedFormats(report.type).map((f) => (
        <Button key={f} size="sm" variant="outline" loading={busy === f} onClick={() => void run(f)}>
          {FORMAT_LABELS[f]}
        </Button>
      ))}
    </HStack>
  );
}

/** A generated report: its totals, its table, and the print and export buttons it supports. */
export function Preview({ report, table, business }: { report: ReportData; table: ReportTable; business: string }) {
  const empty = EMPTY_TEXT[report.type];
  return (
    <Card.Root>
      <Card.Header>
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3">
          <Box>
            <Card.Title>{table.title}</Card.Title>
            <Text color="fg.muted" fontSize="sm">
              {table.range}
            </Text>
          </Box>
          <ExportButtons report={report} table={table} business={business} />
        </Stack>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 2, md: 3, lg: 6 }} gap="3">
            {table.totals.map((t) => (
              <Box key={t.label} borderWidth="1px" borderRadius="md" p="3">
                <Text fontSize="xs" color="fg.muted">
                  {t.label}
                </Text>
                <Text fontWeight="semibold" fontSize="lg">
                  {cellText(t.value, t.type, table.zone)}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
          {table.rows.length === 0 ? (
            <Text color="fg.muted">{empty ?? 'No reservations in this period.'}</Text>
          ) : (
            <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="600px">
              <Table.Root size="sm" stickyHeader>
                <Table.Header>
                  <Table.Row>
                    {table.columns.map((c) => (
                      <Table.ColumnHeader
                        key={c.key}
                        textAlign={c.type === 'text' || c.type === 'date' || c.type === 'datetime' ? 'start' : 'end'}
                        whiteSpace="nowrap"
                      >
                        {c.label}
                      </Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {table.rows.map((r, i) => (
                    <Table.Row key={i}>
                      {table.columns.map((c) => (
                        <Table.Cell
                          key={c.key}
                          textAlign={c.type === 'text' || c.type === 'date' || c.type === 'datetime' ? 'start' : 'end'}
                          whiteSpace="nowrap"
                        >
                          {cellText(r[c.key] ?? null, c.type, table.zone)}
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
