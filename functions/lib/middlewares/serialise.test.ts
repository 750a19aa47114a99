import { describe, expect, it } from 'vitest';
import { request } from '../../testing/middleware.js';
import { ApiError } from '../errors.js';
import { jsonErrors, reply, serialise } from './serialise.js';

const answered = (routeId: string, response: unknown) => {
  const { req } = request(routeId);
  req.response = response as never;
  serialise().after!(req);
  return req.response as unknown as { statusCode: number; headers: Record<string, string>; body: string };
};

describe('serialise', () => {
  it('a plain body is a 200 JSON answer, not cached', () => {
    const r = answered('health.check', { status: 'ok', timestamp: '2026-03-01T10:00:00.000Z' });
    expect(r.statusCode).toBe(200);
    expect(r.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    expect(JSON.parse(r.body)).toEqual({ status: 'ok', timestamp: '2026-03-01T10:00:00.000Z' });
  });

  it('reply(status, body, headers) sets them; a raw body goes out unchecked', () => {
    const r = answered('health.check', reply(202, { status: 'ok', timestamp: 'x' }, { 'x-extra': '1' }));
    expect(r.statusCode).toBe(202);
    expect(r.headers['x-extra']).toBe('1');
    const raw = answered('health.check', {
      statusCode: 200,
      raw: { body: 'a,b\n1,2' },
      headers: { 'content-type': 'text/csv' },
    });
    expect(raw).toMatchObject({ statusCode: 200, body: 'a,b\n1,2', headers: { 'content-type': 'text/csv' } });
  });

  it('a 2xx body outside the route’s response schema fails (tests: 500 ResponseContractViolation)', () => {
    expect(() => answered('health.check', { nothing: 'expected' })).toThrow(
      expect.objectContaining({ statusCode: 500, code: 'ResponseContractViolation' }),
    );
  });

  it('an error status is not checked against the success schema', () => {
    expect(answered('health.check', reply(409, { error: 'Conflict', message: 'no' })).statusCode).toBe(409);
  });
});

describe('jsonErrors', () => {
  const onError = (error: unknown) => {
    const { req } = request('health.check');
    req.error = error as never;
    jsonErrors().onError!(req);
    const r = req.response as unknown as { statusCode: number; body: string };
    return { status: r.statusCode, body: JSON.parse(r.body) };
  };

  it('an ApiError becomes {error, message, details}', () => {
    expect(onError(new ApiError(400, 'ValidationFailed', 'Bad', [{ msg: 'x', path: 'body.a' }]))).toEqual({
      status: 400,
      body: { error: 'ValidationFailed', message: 'Bad', details: [{ msg: 'x', path: 'body.a' }] },
    });
  });

  it('an unknown error is a 500 with the request id and no stack or message of its own', () => {
    const r = onError(new Error('secret internals'));
    expect(r.status).toBe(500);
    expect(r.body).toEqual({
      error: 'InternalError',
      message: 'Something went wrong on our side. Please try again.',
      requestId: 'req-1',
    });
  });

  it("a parser's 4xx keeps its status; a 413 says the body is too large", () => {
    expect(onError(Object.assign(new Error('Unsupported'), { statusCode: 415 })).status).toBe(415);
    expect(onError(Object.assign(new Error('big'), { statusCode: 413 })).status).toBe(413);
  });
});
