/** An error a person may see: status, a stable code, the message and optional field details. */
export class ApiError extends Error {
  /** Headers the refusal carries (a 429's Retry-After), added by jsonErrors to the answer. */
  headers?: Record<string, string>;
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: { msg: string; path: string }[],
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, details?: { msg: string; path: string }[]) =>
  new ApiError(400, 'BadRequest', message, details);
export const validationFailed = (details: { msg: string; path: string }[]) =>
  new ApiError(400, 'ValidationError', `Validation failed: ${details.map((d) => d.msg).join(', ')}`, details);
export const unauthorized = (message = 'Authentication required') => new ApiError(401, 'Unauthorized', message);
export const forbidden = (message = 'You do not have permission to do this') => new ApiError(403, 'Forbidden', message);
export const notFound = (message = 'Not found', code = 'NotFound') => new ApiError(404, code, message);
export const conflict = (message: string) => new ApiError(409, 'Conflict', message);
export const gone = (message: string, code = 'Gone') => new ApiError(410, code, message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) => {
  const e = new ApiError(429, 'TooManyRequests', message);
  if (retryAfterSeconds !== undefined) e.headers = { 'retry-after': String(retryAfterSeconds) };
  return e;
};
export const payloadTooLarge = (message: string) => new ApiError(413, 'PayloadTooLarge', message);
export const notImplemented = (what: string) =>
  new ApiError(
    501,
    'NotImplemented',
    `${what} is not built yet; this route is declared in the contract and will answer once its area lands.`,
  );

export function errorBody(e: ApiError): Record<string, unknown> {
  return { error: e.code, message: e.message, ...(e.details ? { details: e.details } : {}), ...(e.extra ?? {}) };
}
