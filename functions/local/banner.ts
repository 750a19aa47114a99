import type { AdminResult } from './bootstrap.js';
import type { LocalRuntime } from './runtime.js';

export const out = (s: string) => process.stdout.write(s + '\n');

/** The start-up summary of `npm start` and `npm run dev`: where to go and how to sign in. */
export function printBanner(rt: LocalRuntime, admin: AdminResult | undefined, appUrl: string): void {
  const app = new URL(appUrl);
  const lines = [
    '',
    `  Rental back office is running   (data: ${rt.dataDir})`,
    '',
    `  App               ${appUrl}`,
    `  Platform sign-in  ${appUrl}/login`,
  ];
  if (admin) {
    lines.push(`    admin           ${admin.email}`);
    if (admin.generatedPassword)
      lines.push(`    password        ${admin.generatedPassword}   (generated: shown this once, note it down)`);
    else
      lines.push(
        `    password        ${process.env.PLATFORM_ADMIN_PASSWORD ? 'from PLATFORM_ADMIN_PASSWORD' : 'unchanged (set PLATFORM_ADMIN_PASSWORD to reset it)'}`,
      );
  }
  if (rt.demo) {
    const { demo, firstTime } = rt.demo;
    // Seeded under an earlier start's port, perhaps: point at this one.
    const login = new URL(demo.loginUrl);
    if (login.hostname.endsWith('localhost')) login.port = app.port;
    lines.push(
      `  Demo business     ${login.toString()}${firstTime ? '   (just created)' : ''}`,
      `    sign in as      ${demo.email}`,
      `    password        ${demo.password}${firstTime ? '' : '   (as first seeded)'}`,
    );
  }
  lines.push(
    `  Mail inbox (SES)  ${rt.inboxUrl}`,
    `  API health        ${rt.url}/api/health`,
    '',
    '  Ctrl+C stops everything.',
    '',
  );
  out(lines.join('\n'));
}
