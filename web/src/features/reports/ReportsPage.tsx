import { Stack, Tabs } from '@chakra-ui/react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { errorMessage } from '../../api/client.js';
import { useUser } from '../../app/SessionProvider.js';
import { useOrgTimeZone } from '../../app/time-zone.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageHeader } from '../../components/PageHeader.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { WrappingTabList } from '../../components/WrappingTabList.js';
import { Analytics } from './AnalyticsTab.js';
import { type ReportRequest, useReport } from './api/index.js';
import { ExportPanel } from './ExportTab.js';
import { GenerateTab } from './GenerateTab.js';
import { defaultParams, type ReportType, reportTable } from './model.js';
import { SettingsList } from './SettingsTab.js';

type Tab = 'generate' | 'analytics' | 'export' | 'schedule' | 'settings';
/** The Schedule tab (its form brings zod and the contract's schedule schema) loads when first opened. */
const ScheduleTab = lazy(() => import('./ScheduleTab.js'));

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
        <WrappingTabList>
          <Tabs.Trigger value="generate">Generate</Tabs.Trigger>
          <Tabs.Trigger value="analytics">Analytics</Tabs.Trigger>
          <Tabs.Trigger value="export">Export</Tabs.Trigger>
          <Tabs.Trigger value="schedule">Schedule</Tabs.Trigger>
          <Tabs.Trigger value="settings">Settings</Tabs.Trigger>
        </WrappingTabList>
        <Tabs.Content value="generate">
          <GenerateTab
            type={type}
            setType={setType}
            params={params}
            setParams={setParams}
            onGenerate={generate}
            generating={report.isLoading || report.isValidating}
            failure={failure}
            onRetry={() => void report.mutate()}
            requested={request !== null}
            data={data}
            table={table}
            business={business}
          />
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
