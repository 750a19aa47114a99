import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { InfraConfig } from './config.js';
import { appFunction } from './lambda.js';
import { grantSigningKey } from './permissions.js';

export interface LiveUpdatesProps {
  config: InfraConfig;
  environment: Record<string, string>;
  table: dynamodb.ITable;
  signingKey: secretsmanager.ISecret;
}

/**
 * GET /api/events/dashboard as server-sent events. HTTP APIs buffer a Lambda's whole answer, so
 * the stream would never reach the browser through them. A function URL in RESPONSE_STREAM mode
 * streams (functions/events/stream.ts uses awslambda.streamifyResponse); CloudFront fronts it
 * (web.ts), same origin as the SPA, and signs its requests with origin access control, so the
 * URL (AWS_IAM auth) answers nobody else. The contract route also exists on the HTTP API (events
 * area) for completeness and `sam local`, where it answers buffered.
 */
export class LiveUpdates extends Construct {
  readonly fn: lambda.Function;
  readonly url: lambda.FunctionUrl;

  constructor(scope: Construct, id: string, props: LiveUpdatesProps) {
    super(scope, id);
    this.fn = appFunction(this, 'EventsStreamFunction', {
      entry: 'functions/events/stream.ts',
      description: 'GET /api/events/dashboard as a streamed server-sent events response (function URL)',
      environment: { ...props.environment, POWERTOOLS_SERVICE_NAME: 'events-stream' },
      memorySize: 256,
      // dashboard-stream.ts ends a connection after 14 minutes (EventSource reconnects): 15 is the cap.
      timeout: Duration.minutes(15),
    }, props.config);
    props.table.grantReadData(this.fn);
    // EventSource sends no headers: the token comes in the query string and is verified here.
    grantSigningKey(this.fn, props.signingKey);
    this.url = this.fn.addFunctionUrl({
      authType: lambda.FunctionUrlAuthType.AWS_IAM,
      invokeMode: lambda.InvokeMode.RESPONSE_STREAM,
    });
  }
}
