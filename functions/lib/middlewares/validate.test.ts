import { describe, expect, it } from 'vitest';
import { request } from '../../testing/middleware.js';
import { MALFORMED_JSON, validate } from './validate.js';

const JSON_HEADERS = { 'content-type': 'application/json' };
const login = (body: string | undefined, headers: Record<string, string> = JSON_HEADERS) =>
  request('auth.login', { event: { body, headers } });

describe('validate', () => {
  it('parses the JSON body against the schema and hands the operation the parsed values', () => {
    const { req, state } = login(JSON.stringify({ username: 'ada@example.com', password: 'secret-pass' }));
    validate().before!(req);
    expect(state.body).toMatchObject({ username: 'ada@example.com', password: 'secret-pass' });
    expect(req.event.body).toEqual({ username: 'ada@example.com', password: 'secret-pass' });
  });

  it('a body in another content type is a 415; malformed JSON a 400', () => {
    expect(() => validate().before!(login('username=ada', { 'content-type': 'text/plain' }).req)).toThrow(
      expect.objectContaining({ statusCode: 415 }),
    );
    expect(() => validate().before!(login('{"username":').req)).toThrow(
      expect.objectContaining({ statusCode: 400, message: MALFORMED_JSON }),
    );
  });

  it('every problem in one 400 with details naming where', () => {
    const { req } = request('reservations.get', {
      event: { pathParameters: { id: '' }, body: JSON.stringify({}), headers: JSON_HEADERS },
    });
    let caught: { statusCode?: number; details?: { path: string }[] } = {};
    try {
      validate().before!(req);
    } catch (e) {
      caught = e as typeof caught;
    }
    expect(caught.statusCode).toBe(400);
    expect(caught.details?.map((d) => d.path)).toContain('params.id');
  });

  it('a missing body on a route that needs one is a 400 on body', () => {
    let caught: { details?: { path: string }[] } = {};
    try {
      validate().before!(login(undefined).req);
    } catch (e) {
      caught = e as typeof caught;
    }
    expect(caught.details?.[0]?.path).toBe('body');
  });
});
