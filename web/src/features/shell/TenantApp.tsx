import { lazy, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AREA_MODULE } from '../../../../shared/domain/modules.js';
import { roleFlags } from '../../../../shared/domain/roles.js';
import { useUser } from '../../app/SessionProvider.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { useModuleAvailability } from '../platform/api/index.js';
import { AppShell } from './AppShell.js';
import { ModuleDisabledPage } from './ModuleDisabledPage.js';
import { TenantBaseContext } from './tenantBase.js';

const DashboardPage = lazy(() => import('../dashboard/DashboardPage.js'));
const InventoryPage = lazy(() => import('../inventory/InventoryPage.js'));
const EmployeesPage = lazy(() => import('../employees/EmployeesPage.js'));
const EmployeeDetailPage = lazy(() => import('../employees/EmployeeDetailPage.js'));
const ReservationsPage = lazy(() => import('../reservations/ReservationsPage.js'));
const CustomersPage = lazy(() => import('../customers/CustomersPage.js'));
const TimesheetsPage = lazy(() => import('../timesheets/TimesheetsPage.js'));
const StorefrontRoutes = lazy(() => import('../storefront/StorefrontRoutes.js'));
const ReportsPage = lazy(() => import('../reports/ReportsPage.js'));

type Flag = 'canViewEmployees' | 'canViewSettings';

/** Pages behind a role flag: the navigation hides them, and a typed-in address goes to the dashboard. */
function RequireFlag({ flag, to, children }: { flag: Flag; to: string; children: ReactNode }) {
  const user = useUser();
  return roleFlags(user)[flag] ? <>{children}</> : <Navigate to={to} replace />;
}

/**
 * Pages of a module the platform operator can switch off (docs/decisions/0001-modules-and-live-stream.md). The page's path names
 * its API area, whose module AREA_MODULE gives (the rule the API's module gate applies). The page
 * waits for the module states, so a switched-off module's page never calls its API.
 */
function RequireModule({
  area,
  title,
  children,
}: {
  area: 'inventory' | 'reservations' | 'reports' | 'timesheets';
  title: string;
  children: ReactNode;
}) {
  const modules = useModuleAvailability();
  const module = AREA_MODULE[area];
  if (!modules.loaded) return <PageSpinner />;
  return module && !modules.isOn(module) ? <ModuleDisabledPage title={title} /> : <>{children}</>;
}

/** The business app (R-PLAT-2), mounted at `base` ('' on a tenant host, '/{sub}' in path mode). */
export default function TenantApp({ base }: { base: string }) {
  const home = `${base}/dashboard`;
  return (
    <TenantBaseContext.Provider value={base}>
      <Routes>
        <Route element={<AppShell />}>
          <Route index element={<Navigate to={home} replace />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route
            path="inventory"
            element={
              <RequireModule area="inventory" title="Inventory">
                <InventoryPage />
              </RequireModule>
            }
          />
          <Route path="customers" element={<CustomersPage />} />
          <Route
            path="reservations"
            element={
              <RequireModule area="reservations" title="Reservations">
                <ReservationsPage />
              </RequireModule>
            }
          />
          <Route
            path="timesheets"
            element={
              <RequireModule area="timesheets" title="Timesheets">
                <TimesheetsPage />
              </RequireModule>
            }
          />
          <Route
            path="reports"
            element={
              <RequireModule area="reports" title="Reports">
                <ReportsPage />
              </RequireModule>
            }
          />
          <Route
            path="employees"
            element={
              <RequireFlag flag="canViewEmployees" to={home}>
                <EmployeesPage />
              </RequireFlag>
            }
          />
          <Route
            path="employees/:id"
            element={
              <RequireFlag flag="canViewEmployees" to={home}>
                <EmployeeDetailPage />
              </RequireFlag>
            }
          />
          <Route
            path="storefront/*"
            element={
              <RequireFlag flag="canViewSettings" to={home}>
                <StorefrontRoutes />
              </RequireFlag>
            }
          />
          <Route path="*" element={<Navigate to={home} replace />} />
        </Route>
      </Routes>
    </TenantBaseContext.Provider>
  );
}
