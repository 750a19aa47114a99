import { Duration } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as snsSubs from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { InfraConfig } from './config.js';

/** Access-log lines (status is a string there) that count as server errors: 5xx except 501. */
export const API_5XX_FILTER = logs.FilterPattern.all(
  logs.FilterPattern.stringValue('$.status', '=', '5*'),
  logs.FilterPattern.stringValue('$.status', '!=', '501'),
);

export interface AlarmsProps {
  config: InfraConfig;
  api: apigwv2.HttpApi;
  /** The HTTP API's access log group (JSON lines with `status`). */
  accessLogs: logs.ILogGroup;
  functions: lambda.Function[];
  deadLetterQueues: sqs.Queue[];
}

/**
 * What someone should look at: API 5xx, any function error or throttle, any failed event parked in
 * a dead-letter queue. All go to one SNS topic (context alarmEmail subscribes an address).
 */
export class Alarms extends Construct {
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    const cfg = props.config;
    // enforceSSL: a topic policy denies sns:Publish without aws:SecureTransport (CloudWatch publishes over TLS).
    this.topic = new sns.Topic(this, 'Topic', {
      displayName: `Rental back office ${cfg.stage} alarms`,
      enforceSSL: true,
    });
    if (cfg.alarmEmail) this.topic.addSubscription(new snsSubs.EmailSubscription(cfg.alarmEmail));
    const action = new cwActions.SnsAction(this.topic);
    const period = Duration.minutes(5);
    const atLeastOne = (metric: cloudwatch.Metric, alarmId: string, description: string) => {
      const alarm = metric.createAlarm(this, alarmId, {
        alarmDescription: description,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
    };

    // Any 5xx but 501: handlers answer 4xx for everything a user can cause, so a 5xx is a bug or an
    // outage; 501 is a declared route whose area has not landed, and 4xx never alarm. API Gateway's
    // own 5xx metric counts 501 too, so the count comes from the access log's status instead.
    const serverErrors = new logs.MetricFilter(this, 'Api5xxFilter', {
      logGroup: props.accessLogs,
      filterPattern: API_5XX_FILTER,
      metricNamespace: `RentalBackOffice/${cfg.stage}`,
      metricName: 'Api5xxExcept501',
      metricValue: '1',
      defaultValue: 0,
    });
    atLeastOne(
      serverErrors.metric({ period, statistic: 'Sum' }),
      'Api5xxAlarm',
      `HTTP API answered 5xx other than 501 (${cfg.stage})`,
    );

    for (const fn of props.functions) {
      const name = fn.node.id.replace(/Function$/, '');
      atLeastOne(
        fn.metricErrors({ period, statistic: 'Sum' }),
        `${name}ErrorsAlarm`,
        `${name}: invocations failed (the handler threw or timed out)`,
      );
      atLeastOne(
        fn.metricThrottles({ period, statistic: 'Sum' }),
        `${name}ThrottlesAlarm`,
        `${name}: invocations throttled (account or reserved concurrency)`,
      );
    }

    for (const queue of props.deadLetterQueues) {
      atLeastOne(
        queue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
        `${queue.node.id}DepthAlarm`,
        `${queue.node.id}: failed events are waiting to be inspected and redriven`,
      );
    }
  }
}
