import type { Area } from '../shared/contract/index.js';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

export type ApiHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * Where each area's Lambda entry lives. The CDK stack bundles `functions/{area}/handler.ts` (export
 * `handler`) per area; the local runtime loads the same modules through `loadAreaHandler`.
 */
export const areaEntry = (area: Area) => `functions/${area}/handler.ts`;

export async function loadAreaHandler(area: Area): Promise<ApiHandler> {
  const mod = (await import(`./${area}/handler.ts`)) as { handler: ApiHandler };
  return mod.handler;
}
