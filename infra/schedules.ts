import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SWEEPS } from '../functions/lib/sweep-schedules.js';
import { pascal } from './api.js';
import type { InfraConfig } from './config.js';
import { appFunction, deadLetterQueue } from './lambda.js';
import { DATA_KEY_SWEEPS, grantSendMail, MAIL_SENDING_SWEEPS } from './permissions.js';

/** A sweep's Lambda timeout in minutes: its interval, capped at 5. */
export const sweepTimeoutMinutes = (everyMinutes: number) => Math.min(5, everyMinutes);

export interface SweepResources {
  fn: lambda.Function;
  rule: events.Rule;
  dlq: sqs.Queue;
}

export interface SchedulesProps {
  config: InfraConfig;
  environment: Record<string, string>;
  table: dynamodb.ITable;
  /** The SES identities a mail-sending sweep may send as. */
  sesIdentityArns: string[];
}

/**
 * One EventBridge rule and one function per entry of SWEEPS (functions/lib/sweep-schedules.ts, the
 * list the local runtime runs too). Sweeps are idempotent, so retries are safe.
 */
export class Schedules extends Construct {
  readonly sweeps: Record<string, SweepResources> = {};

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    for (const sweep of SWEEPS) {
      const name = pascal(sweep.name);
      const dlq = deadLetterQueue(this, `${name}SweepDlq`, props.config);
      const fn = appFunction(
        this,
        `${name}SweepFunction`,
        {
          entry: sweep.entry,
          description: sweep.description,
          environment: { ...props.environment, POWERTOOLS_SERVICE_NAME: `sweep-${sweep.name}` },
          // Never longer than the interval (5 minutes at most): a slow run of the 1-minute sweep ends
          // before the next one starts instead of piling up to five at once.
          timeout: Duration.minutes(sweepTimeoutMinutes(sweep.everyMinutes)),
          // A run that throws: Lambda retries twice, then the event lands in the DLQ.
          deadLetterQueue: dlq,
          retryAttempts: 2,
          // The sweeps that open the data key read it through the secrets extension (functions/lib/secrets.ts).
          readsSecrets: DATA_KEY_SWEEPS.has(sweep.name),
        },
        props.config,
      );
      props.table.grantReadWriteData(fn);
      if (MAIL_SENDING_SWEEPS.has(sweep.name)) grantSendMail(fn, props.sesIdentityArns);
      const rule = new events.Rule(this, `${name}Schedule`, {
        description: sweep.description,
        schedule: events.Schedule.rate(Duration.minutes(sweep.everyMinutes)),
        // A run that could not be delivered (throttled, permission): EventBridge retries, then the
        // same DLQ. No point delivering a run older than the next one.
        targets: [
          new targets.LambdaFunction(fn, {
            deadLetterQueue: dlq,
            retryAttempts: 3,
            maxEventAge: Duration.minutes(Math.max(sweep.everyMinutes, 5)),
          }),
        ],
      });
      this.sweeps[sweep.name] = { fn, rule, dlq };
    }
  }
}
