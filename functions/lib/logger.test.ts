import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger, withJobContext } from './logger.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    for (const l of String(chunk).split('\n'))
      if (l.trim().startsWith('{')) lines.push(JSON.parse(l) as Record<string, unknown>);
    return true;
  });
  return { lines, restore: () => spy.mockRestore() };
}

afterEach(() => logger.setLogLevel('SILENT'));

describe('withJobContext', () => {
  it('logs with the job and request keys inside, and leaves none behind for the next invocation', async () => {
    logger.setLogLevel('INFO');
    const out = capture();
    try {
      await withJobContext('unpaid-sweep', { awsRequestId: 'req-1', functionName: 'sweep' }, async () =>
        logger.info('inside'),
      );
      logger.info('after');
    } finally {
      out.restore();
    }
    const inside = out.lines.find((l) => l.message === 'inside');
    const after = out.lines.find((l) => l.message === 'after');
    expect(inside).toMatchObject({ job: 'unpaid-sweep', requestId: 'req-1' });
    expect(after).toBeDefined();
    expect(after!.job).toBeUndefined();
    expect(after!.requestId).toBeUndefined();
  });
});
