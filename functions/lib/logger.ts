import { Logger } from '@aws-lambda-powertools/logger';

/** One structured logger for every handler; the service name is the area. */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'rental-back-office',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'DEBUG' | 'WARN' | 'ERROR' | 'SILENT' | undefined) ?? 'INFO',
});

/**
 * The logging part of the pipeline for handlers that are not API routes (sweeps, S3 events, the
 * stream's function URL): Lambda context on every line, a `job` key, and keys reset after every
 * invocation so nothing leaks into the next one.
 */
export async function withJobContext<T>(
  job: string,
  context: { functionName?: string; awsRequestId?: string } | undefined,
  run: () => Promise<T>,
): Promise<T> {
  logger.resetKeys();
  if (context?.awsRequestId) logger.addContext(context as Parameters<typeof logger.addContext>[0]);
  logger.appendKeys({ job, requestId: context?.awsRequestId });
  try {
    return await run();
  } finally {
    logger.resetKeys();
  }
}
