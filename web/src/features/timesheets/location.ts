/** R-TS-2: the browser location for clock calls (high accuracy, 10 s timeout, a position up to 60 s old). */
export const LOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 };

/** R-TS-2, the location error texts. */
export const LOCATION_ERRORS = {
  denied: 'Location permission denied. Please enable location services.',
  unavailable: 'Location information is unavailable.',
  timeout: 'Location request timed out.',
  generic: 'Unable to retrieve your location.',
  unknown: 'An unknown error occurred while getting location.',
  unsupported: 'Geolocation is not supported by this browser.',
} as const;

type LocationResult = { ok: true; latitude: number; longitude: number } | { ok: false; message: string };

/** The text for a GeolocationPositionError code (1 denied, 2 unavailable, 3 timeout). */
function locationErrorText(code: number | undefined): string {
  if (code === 1) return LOCATION_ERRORS.denied;
  if (code === 2) return LOCATION_ERRORS.unavailable;
  if (code === 3) return LOCATION_ERRORS.timeout;
  if (code === undefined) return LOCATION_ERRORS.unknown;
  return LOCATION_ERRORS.generic;
}

/** Never rejects: without a location the clock still works (R-TS-2). */
export function currentLocation(
  geo: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
): Promise<LocationResult> {
  if (!geo) return Promise.resolve({ ok: false, message: LOCATION_ERRORS.unsupported });
  return new Promise((resolve) => {
    try {
      geo.getCurrentPosition(
        (p) => resolve({ ok: true, latitude: p.coords.latitude, longitude: p.coords.longitude }),
        (e) => resolve({ ok: false, message: locationErrorText(e?.code) }),
        LOCATION_OPTIONS,
      );
    } catch {
      resolve({ ok: false, message: LOCATION_ERRORS.unknown });
    }
  });
}

/** Hours between an instant and now, 2 decimals (the active clock and the current-session box). */
export function hoursSince(iso: string, now: number): string {
  return (Math.max(0, now - new Date(iso).getTime()) / 3_600_000).toFixed(2);
}

/** The active clock: 'H:MM:SS' since the clock-in. */
export function elapsedClock(iso: string, now: number): string {
  const s = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
