import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Field,
  HStack,
  Input,
  NativeSelect,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { errorMessage } from '../../api/client.js';
import { useUser } from '../../app/SessionProvider.js';
import { useOrgTimeZone } from '../../app/time-zone.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageHeader } from '../../components/PageHeader.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { notify } from '../../components/toaster.js';
import { type ReportRequest, useReport } from './api/index.js';
import { printReport, runExport } from './exporting.js';
import { analyze, filterAndSort, type ImpactFilter, type Insight, type InsightSort } from './insights.js';
import {
  cellText,
  defaultParams,
  REPORT_TYPES,
  EMPTY_TEXT,
  type ExportFormat,
  FORMAT_LABELS,
  type ReportData,
  REPORT_LABELS,
  type ReportTable,
  type ReportType,
  reportTable,
  supportedFormats,
} from './model.js';

type Tab = 'generate' | 'analytics' | 'export' | 'schedule' | 'settings';
/** The Schedule tab (its form brings zod and the contract's schedule schema) loads when first opened. */
const ScheduleTab = lazy(() => import('./ScheduleTab.js'));
/** The one-click buttons beside Print, each shown only where the report supports it. */
const QUICK_FORMATS: ExportFormat[] = ['pdf', 'csv', 'excel'];

function useOrg() {
  const user = useUser() as { organization?: { name?: string } | null };
  const zone = useOrgTimeZone();
  return { zone, business: user.organization?.name || 'Rental business' };
}

/** R-REP-5: Reports, tabs Generate, Analytics, Export, Schedule, Settings. */
export default function ReportsPage() {
  const { zone, business } = useOrg();
  const [tab, setTab] = useState<Tab>('generate');
  const [type, setType] = useState<ReportType>('revenue');
  const [params, setParams] = useState(() => defaultParams(zone));
  const [request, setRequest] = useState<ReportRequest | null>(null);
  const report = useReport(request);
  const data = request && report.data?.type === request.type ? report.data : null;
  const table = useMemo(() => (data ? reportTable(data, zone) : null), [data, zone]);

  const generate = () => {
    const next = { type, ...params };
    if (request && JSON.stringify(request) === JSON.stringify(next)) void report.mutate();
    else setRequest(next);
  };
  const failure =
    request && report.error
      ? `Failed to generate ${request.type} report: ${errorMessage(report.error, 'Unknown error')}`
      : null;

  return (
    <Stack gap="5">
      <PageHeader title="Reports" subtitle="Figures of your business by day, employee, customer and item" />
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as Tab)} variant="line" lazyMount>
        <Tabs.List overflowX="auto">
          <Tabs.Trigger value="generate">Generate</Tabs.Trigger>
          <Tabs.Trigger value="analytics">Analytics</Tabs.Trigger>
          <Tabs.Trigger value="export">Export</Tabs.Trigger>
          <Tabs.Trigger value="schedule">Schedule</Tabs.Trigger>
          <Tabs.Trigger value="settings">Settings</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="generate">
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
                  <Button
                    colorPalette="brand"
                    onClick={generate}
                    loading={report.isLoading || report.isValidating}
                    loadingText="Generating..."
                  >
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
                <Button size="sm" variant="outline" onClick={() => void report.mutate()}>
                  Retry
                </Button>
              </Alert.Root>
            )}
            {data && table && <Preview report={data} table={table} business={business} />}
            {!request && <Text color="fg.muted">Choose a report and its dates, then Generate Report.</Text>}
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="analytics">
          {data ? (
            <Analytics report={data} zone={zone} onViewDetails={() => setTab('generate')} />
          ) : (
            <EmptyState title="No report yet" description="Generate a report to see its insights." />
          )}
        </Tabs.Content>
        <Tabs.Content value="export">
          {data && table ? (
            <ExportPanel report={data} table={table} business={business} />
          ) : (
            <EmptyState title="No report yet" description="Generate a report to export it." />
          )}
        </Tabs.Content>
        <Tabs.Content value="schedule">
          <Suspense fallback={<PageSpinner minH="10rem" />}>
            <ScheduleTab zone={zone} />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="settings">
          <SettingsList zone={zone} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

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

function Preview({ report, table, business }: { report: ReportData; table: ReportTable; business: string }) {
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

const IMPACT_COLOR = { high: 'red', medium: 'orange', low: 'gray' } as const;

function InsightCard({ x, onViewDetails }: { x: Insight; onViewDetails: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" align="flex-start" gap="3">
            <Box>
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="semibold">{x.title}</Text>
                <Badge colorPalette={IMPACT_COLOR[x.impact]}>{x.impact} impact</Badge>
                <Badge variant="outline">{x.category}</Badge>
              </HStack>
              <Text fontSize="sm" mt="1">
                {x.description}
              </Text>
            </Box>
            <Button size="xs" variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
              {open ? 'Hide' : 'Details'}
            </Button>
          </HStack>
          {open && (
            <Stack gap="2" pl="1">
              {x.details.map((d) => (
                <Text key={d} fontSize="sm" color="fg.muted">
                  {d}
                </Text>
              ))}
              <HStack gap="2">
                <Button size="xs" variant="outline" onClick={onViewDetails}>
                  View Details
                </Button>
                {x.impact === 'high' && x.action && (
                  <Button size="xs" colorPalette="brand" onClick={() => notify.info(x.title, x.action)}>
                    Take Action
                  </Button>
                )}
              </HStack>
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Analytics({ report, zone, onViewDetails }: { report: ReportData; zone: string; onViewDetails: () => void }) {
  const [filter, setFilter] = useState<ImpactFilter>('all');
  const [sort, setSort] = useState<InsightSort>('impact');
  const analysis = useMemo(() => analyze(report, zone), [report, zone]);
  const shown = filterAndSort(analysis.insights, filter, sort);
  return (
    <Stack gap="4">
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="2">
            <HStack justify="space-between">
              <Text fontWeight="semibold">Analysis confidence</Text>
              <Text>{analysis.confidence}%</Text>
            </HStack>
            <Progress.Root
              value={analysis.confidence}
              aria-label="Analysis confidence"
              colorPalette={analysis.confidence >= 70 ? 'green' : analysis.confidence >= 40 ? 'orange' : 'red'}
            >
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <Text fontSize="sm" color="fg.muted">
              {analysis.basis}
            </Text>
          </Stack>
        </Card.Body>
      </Card.Root>
      <HStack gap="3" wrap="wrap">
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            aria-label="Impact"
            value={filter}
            onChange={(e) => setFilter(e.target.value as ImpactFilter)}
          >
            <option value="all">All impacts</option>
            <option value="high">High</option>
            <option value="medium">Medium</option>
            <option value="low">Low</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field aria-label="Sort" value={sort} onChange={(e) => setSort(e.target.value as InsightSort)}>
            <option value="impact">Sort by impact</option>
            <option value="type">Sort by type</option>
            <option value="title">Sort by title</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {analysis.insights.length === 0 ? (
        <Text color="fg.muted">No insights available for this report.</Text>
      ) : shown.length === 0 ? (
        <Text color="fg.muted">No insights match the current filter.</Text>
      ) : (
        <Stack gap="3">
          {shown.map((x) => (
            <InsightCard key={x.id} x={x} onViewDetails={onViewDetails} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

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

function SettingsList({ zone }: { zone: string }) {
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
