import { lazy } from 'react';

/** Every screen is its own chunk so that the first page loads only what it shows. */
export const LandingPage = lazy(() => import('../features/landing/LandingPage.js'));
export const InfoPage = lazy(() => import('../features/landing/InfoPage.js'));
export const LoginPage = lazy(() => import('../features/auth/LoginPage.js'));
export const SignInLinkPage = lazy(() => import('../features/auth/SignInLinkPage.js'));
export const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage.js'));
export const SetupAccountPage = lazy(() => import('../features/setup-account/SetupAccountPage.js'));
export const SignupPage = lazy(() => import('../features/signup/SignupPage.js'));
export const BookDemoPage = lazy(() => import('../features/demo/BookDemoPage.js'));
export const PlatformPortal = lazy(() => import('../features/platform/PlatformPortal.js'));
export const TenantApp = lazy(() => import('../features/shell/TenantApp.js'));
export const PublicServicePage = lazy(() => import('../features/services/PublicServicePage.js'));
export const WaitlistOfferPage = lazy(() => import('../features/services/WaitlistOfferPage.js'));
export const ReportMailPage = lazy(() => import('../features/report-mail/ReportMailPage.js'));
export const BookingCancelPage = lazy(() => import('../features/booking-cancel/BookingCancelPage.js'));
export const ConfirmEmailPage = lazy(() => import('../features/confirm-email/ConfirmEmailPage.js'));
