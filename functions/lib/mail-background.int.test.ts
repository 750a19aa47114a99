import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningSes } from '../local/ses.js';
import { useTestMail, useTestTable } from '../testing/harness.js';
import { settleBackground } from './background.js';
import { trySendMail } from './mail.js';

/**
 * R-PLAT-15, docs/decisions/0252-mail-log-per-tenant.md: the send log's count is not awaited, so a mail (and the
 * booking that sent it) is answered whether the log's write hangs or fails.
 */
const log = vi.hoisted(() => ({ recordSend: vi.fn<() => Promise<void>>() }));
vi.mock('./mail-log.js', () => log);

let ses: RunningSes;
beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('no-reply@test.example');
}, 60_000);
afterAll(async () => {
  await ses?.stop();
});

const mail = { to: 'x@bg.test', subject: 's', html: '<p>h</p>', text: 't', template: 'booking-confirmation' };

describe('the send log is not awaited', () => {
  it('a log write that never finishes does not hold the mail', async () => {
    let finish = () => {};
    log.recordSend.mockImplementation(() => new Promise<void>((r) => (finish = r)));
    expect(await trySendMail({ ...mail, tenant: 'bg1' })).toBe(true);
    await vi.waitFor(() =>
      expect(log.recordSend).toHaveBeenCalledWith({ ok: true, template: mail.template, tenant: 'bg1' }),
    );
    finish();
    await settleBackground();
  });

  it('a log write that fails neither throws nor fails the mail', async () => {
    log.recordSend.mockRejectedValue(new Error('table gone'));
    expect(await trySendMail({ ...mail, tenant: 'bg2' })).toBe(true);
    await expect(settleBackground()).resolves.toBeUndefined();
  });
});
