import { lazy, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { roleFlags } from '../../../../shared/domain/roles.js';
import { useUser } from '../../app/SessionProvider.js';
import { AppShell } from './AppShell.js';
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

/** The business app (document 1 §2), mounted at `base` ('' on a tenant host, '/{sub}' in path mode). */
export default function TenantApp({ base }: { base: string }) {
  const home = `${base}/dashboard`;
  return (
    <TenantBaseContext.Provider value={base}>
      <Routes>
        <Route element={<AppShell />}>
          <Route index element={<Navigate to={home} replace />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="inventory" element={<InventoryPage />} />
          <Route path="customers" element={<CustomersPage />} />
          <Route path="reservations" element={<ReservationsPage />} />
          <Route path="timesheets" element={<TimesheetsPage />} />
          <Route path="reports" element={<ReportsPage />} />
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
