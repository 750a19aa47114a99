import { Suspense, useMemo } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/ErrorBoundary.js';
import { PageSpinner } from '../components/PageSpinner.js';
import { tenantFromHost } from './host.js';
import * as Pages from './lazyPages.js';
import { decideRoute, INFO_PAGES } from './routing.js';
import { useSession } from './SessionProvider.js';

function Screen() {
  const { session } = useSession();
  const { pathname } = useLocation();
  const tenant = useMemo(() => tenantFromHost(window.location.hostname), []);
  const decision = decideRoute({ tenant, path: pathname, session });

  switch (decision.kind) {
    case 'spinner':
      return <PageSpinner label="Loading your session…" minH="100vh" />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'login':
      return <Pages.LoginPage />;
    case 'platform':
      return <Pages.PlatformPortal />;
    case 'service':
      return (
        <Routes>
          <Route path="/service/:token" element={<Pages.PublicServicePage />} />
          <Route path="/service/:token/confirm/:confirmToken" element={<Pages.WaitlistOfferPage />} />
          <Route path="/service/:token/offer/:offerToken" element={<Pages.WaitlistOfferPage />} />
          <Route path="/service/:token/leave/:leaveToken" element={<Pages.WaitlistOfferPage />} />
        </Routes>
      );
    case 'report-mail':
      return (
        <Routes>
          <Route path="/report-mail/:action/:token" element={<Pages.ReportMailPage />} />
        </Routes>
      );
    case 'confirm-email':
      return (
        <Routes>
          <Route path="/confirm-email/:token" element={<Pages.ConfirmEmailPage />} />
        </Routes>
      );
    case 'booking-cancel':
      return (
        <Routes>
          <Route path="/booking/cancel/:token" element={<Pages.BookingCancelPage />} />
        </Routes>
      );
    case 'tenant':
      return (
        <Routes>
          <Route path={`${decision.base || ''}/*`} element={<Pages.TenantApp base={decision.base} />} />
        </Routes>
      );
    case 'public':
      return (
        <Routes>
          <Route path="/" element={<Pages.LandingPage />} />
          <Route path="/login" element={<Pages.LoginPage />} />
          <Route path="/forgot-password" element={<Pages.ForgotPasswordPage />} />
          <Route path="/signup" element={<Pages.SignupPage />} />
          <Route path="/book-demo" element={<Pages.BookDemoPage />} />
          <Route path="/setup-account" element={<Pages.SetupAccountPage />} />
          <Route path="/setup-account/:setupToken" element={<Pages.SetupAccountPage />} />
          <Route path="/sign-in-link/:token" element={<Pages.SignInLinkPage />} />
          {INFO_PAGES.map((p) => (
            <Route key={p} path={`/${p}`} element={<Pages.InfoPage page={p} />} />
          ))}
        </Routes>
      );
  }
}

/** Host, session and path decide the screen (R-PLAT-2); every screen loads on demand. */
export function RootRoutes() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname.split('/')[1] ?? ''}>
      <Suspense fallback={<PageSpinner minH="100vh" />}>
        <Screen />
      </Suspense>
    </ErrorBoundary>
  );
}
