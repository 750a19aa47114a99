import { Alert, Button, Card, Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import {
  type ReportData,
  type ReportParams,
  REPORT_LABELS,
  REPORT_TYPES,
  type ReportTable,
  type ReportType,
} from './model.js';
import { Preview } from './ReportPreview.js';

/** The Generate tab: the report's type and dates, the failure if any, and the generated report. */
export function GenerateTab(props: {
  type: ReportType;
  setType: (t: ReportType) => void;
  params: ReportParams;
  setParams: (p: ReportParams) => void;
  onGenerate: () => void;
  generating: boolean;
  failure: string | null;
  onRetry: () => void;
  requested: boolean;
  data: ReportData | null;
  table: ReportTable | null;
  business: string;
}) {
  const {
    type,
    setType,
    params,
    setParams,
    onGenerate,
    generating,
    failure,
    onRetry,
    requested,
    data,
    table,
    business,
  } = props;
  return (
    <Stack gap="4">
      <Card.Root>
        <Card.Body>
          <Stack gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }}>
            <Field.Root maxW={{ md: '16rem' }}>
              <Field.Label>Report type</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  aria-label="Report type"
                  value={type}
                  onChange={(e) => setType(e.target.value as ReportType)}
                >
                  {REPORT_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {REPORT_LABELS[t]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            {type === 'daily-log' ? (
              <Field.Root maxW={{ md: '12rem' }}>
                <Field.Label>Date</Field.Label>
                <Input
                  type="date"
                  aria-label="Date"
                  value={params.date}
                  onChange={(e) => setParams({ ...params, date: e.target.value })}
                />
              </Field.Root>
            ) : (
              <>
                <Field.Root maxW={{ md: '12rem' }}>
                  <Field.Label>Start date</Field.Label>
                  <Input
                    type="date"
                    aria-label="Start date"
                    value={params.startDate}
                    onChange={(e) => setParams({ ...params, startDate: e.target.value })}
                  />
                </Field.Root>
                <Field.Root maxW={{ md: '12rem' }}>
                  <Field.Label>End date</Field.Label>
                  <Input
                    type="date"
                    aria-label="End date"
                    value={params.endDate}
                    onChange={(e) => setParams({ ...params, endDate: e.target.value })}
                  />
                </Field.Root>
              </>
            )}
            <Button colorPalette="brand" onClick={onGenerate} loading={generating} loadingText="Generating...">
              Generate Report
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
      {failure && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Error occurred</Alert.Title>
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={onRetry}>
            Retry
          </Button>
        </Alert.Root>
      )}
      {data && table && <Preview report={data} table={table} business={business} />}
      {!requested && <Text color="fg.muted">Choose a report and its dates, then Generate Report.</Text>}
    </Stack>
  );
}
