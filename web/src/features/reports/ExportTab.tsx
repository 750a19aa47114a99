import { Button, Card, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { printReport, runExport } from './exporting.js';
import { type ExportFormat, FORMAT_LABELS, type ReportData, type ReportTable, supportedFormats } from './model.js';

/** The one-click buttons beside Print, each shown only where the report supports it. */
const QUICK_FORMATS: ExportFormat[] = ['pdf', 'csv', 'excel'];

export function ExportPanel({ report, table, business }: { report: ReportData; table: ReportTable; business: string }) {
  // R-REP-4: each report offers only the formats it supports (daily log CSV, the others Excel).
  const formats = supportedFormats(report.type);
  const [chosen, setFormat] = useState<ExportFormat>('pdf');
  const format = formats.includes(chosen) ? chosen : 'pdf';
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="4">
          <Text>
            {table.title} · {table.range}
          </Text>
          <HStack gap="2" wrap="wrap">
            <Button variant="outline" onClick={() => printReport(table, business)}>
              Print
            </Button>
            {QUICK_FORMATS.filter((f) => formats.includes(f)).map((f) => (
              <Button key={f} variant="outline" onClick={() => void runExport(f, report, table, business)}>
                {FORMAT_LABELS[f]}
              </Button>
            ))}
          </HStack>
          <HStack gap="2" wrap="wrap">
            <NativeSelect.Root width="auto">
              <NativeSelect.Field
                aria-label="Export format"
                value={format}
                onChange={(e) => setFormat(e.target.value as ExportFormat)}
              >
                {formats.map((f) => (
                  <option key={f} value={f}>
                    {FORMAT_LABELS[f]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Button colorPalette="brand" onClick={() => void runExport(format, report, table, business)}>
              Export as {FORMAT_LABELS[format]}
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
