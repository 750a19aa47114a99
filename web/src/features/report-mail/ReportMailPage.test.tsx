import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubPaths } from '../../test-utils.js';
import ReportMailPage from './ReportMailPage.js';

const TOKEN = 'a'.repeat(43);
const at = (url: string) => renderApp(url, [{ path: '/report-mail/:action/:token', element: <ReportMailPage /> }]);

afterEach(() => vi.restoreAllMocks());

describe('report e-mail links (docs/decisions/0002-report-mail-recipients.md)', () => {
  it('confirm: nothing is posted until the person clicks; then the answer is shown', async () => {
    const calls = stubPaths({
      [`POST /public/report-mail/confirm/${TOKEN}`]: {
        body: { status: 'confirmed', message: 'Thank you. You will receive this report from now on.' },
      },
    });
    at(`/report-mail/confirm/${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Yes, send me this report' });
    expect(calls).toHaveLength(0);
    fireEvent.click(button);
    await screen.findByText('Thank you. You will receive this report from now on.');
    screen.getByRole('heading', { name: 'Confirmed' });
    expect(calls.map((c) => `${c.method} ${new URL(c.url, 'http://x').pathname}`)).toEqual([
      `POST /public/report-mail/confirm/${TOKEN}`,
    ]);
  });

  it("unsubscribe: a refused link shows the server's message", async () => {
    stubPaths({
      [`POST /public/report-mail/unsubscribe/${TOKEN}`]: {
        status: 404,
        body: { error: 'NotFound', message: 'This link is not valid. Open it exactly as it came in the e-mail.' },
      },
    });
    at(`/report-mail/unsubscribe/${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    await screen.findByText('This link is not valid. Open it exactly as it came in the e-mail.');
    screen.getByRole('heading', { name: 'This link did not work' });
  });

  it('an unknown action is not a link of ours', async () => {
    const calls = stubPaths({});
    at(`/report-mail/delete/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Link not valid' });
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
