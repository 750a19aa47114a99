import { describe, expect, it, vi } from 'vitest';
import { currentLocation, elapsedClock, hoursSince, LOCATION_ERRORS, LOCATION_OPTIONS } from './location.js';

const geo = (impl: Geolocation['getCurrentPosition']) =>
  ({ getCurrentPosition: vi.fn(impl) }) as unknown as Geolocation;

describe('currentLocation', () => {
  it('asks with high accuracy, a 10 s timeout and a 60 s cache, and answers the coordinates', async () => {
    const g = geo((ok) => ok({ coords: { latitude: 40.5, longitude: -73.9 } } as GeolocationPosition));
    expect(await currentLocation(g)).toEqual({ ok: true, latitude: 40.5, longitude: -73.9 });
    expect((g.getCurrentPosition as ReturnType<typeof vi.fn>).mock.calls[0]![2]).toEqual({
      enableHighAccuracy: true,
      timeout: 10_000,
      maximumAge: 60_000,
    });
    expect(LOCATION_OPTIONS.timeout).toBe(10_000);
  });
  it.each([
    [1, LOCATION_ERRORS.denied],
    [2, LOCATION_ERRORS.unavailable],
    [3, LOCATION_ERRORS.timeout],
    [9, LOCATION_ERRORS.generic],
  ])('error code %s reads "%s"', async (code, text) => {
    expect(await currentLocation(geo((_ok, fail) => fail!({ code } as GeolocationPositionError)))).toEqual({
      ok: false,
      message: text,
    });
  });
  it('says so without geolocation, and for an unknown failure', async () => {
    expect(await currentLocation(undefined)).toEqual({
      ok: false,
      message: 'Geolocation is not supported by this browser.',
    });
    expect(
      await currentLocation(
        geo(() => {
          throw new Error('x');
        }),
      ),
    ).toEqual({ ok: false, message: 'An unknown error occurred while getting location.' });
  });
});

describe('clock displays', () => {
  it('counts hours with 2 decimals and the clock in H:MM:SS', () => {
    const t = Date.parse('2030-01-01T10:00:00Z');
    expect(hoursSince('2030-01-01T08:30:00Z', t)).toBe('1.50');
    expect(elapsedClock('2030-01-01T08:30:05Z', t)).toBe('1:29:55');
  });
});
