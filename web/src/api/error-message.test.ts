import { describe, expect, it } from 'vitest';
import { ApiRequestError, errorMessage, statusText } from './client.js';

const failure = (status: number, body: unknown) => {
  const b = (body ?? {}) as { error?: string; details?: { msg: string; path: string }[] };
  return new ApiRequestError(status, 'ignored', b.error, b.details, body);
};

describe('errorMessage: the one text a screen shows for a failed call', () => {
  it('lists validation details, else shows what the server wrote for people', () => {
    const invalid = failure(400, {
      error: 'ValidationError',
      message: 'Invalid body',
      details: [
        { msg: 'Name is required', path: 'name' },
        { msg: 'Rate must be 0 or more', path: 'rate' },
      ],
    });
    expect(errorMessage(invalid, 'Failed')).toBe('Validation failed: Name is required, Rate must be 0 or more');
    expect(errorMessage(failure(409, { error: 'Conflict', message: 'The item is booked' }), 'Failed')).toBe(
      'The item is booked',
    );
    expect(errorMessage(failure(502, { error: 'Bad gateway from the proxy' }), 'Failed')).toBe(
      'Bad gateway from the proxy',
    );
  });

  it('never shows a bare status or an error code: the fallback instead', () => {
    expect(errorMessage(failure(500, null), 'Failed to save')).toBe('Failed to save');
    expect(errorMessage(failure(403, { error: 'Forbidden' }), 'Failed to save')).toBe('Failed to save');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Failed to save')).toBe('Failed to save');
  });

  it('gives an error without a server text a sentence by status', () => {
    expect(statusText(500)).toBe('The server could not complete the request (error 500). Please try again.');
    expect(statusText(404)).toBe('Not found (error 404).');
    expect(statusText(429)).toBe('The request was refused (error 429).');
  });
});
