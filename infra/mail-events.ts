import { Duration, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subs from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { InfraConfig } from './config.js';
import { appFunction, deadLetterQueue } from './lambda.js';

export interface MailEventsProps {
  config: InfraConfig;
  environment: Record<string, string>;
  table: dynamodb.ITable;
}

/**
 * E-mail delivery, bounce and complaint notifications (docs/decisions/0199-platform-delivery-bounce-and-complaint-notifications-aws.md): an SES configuration set whose
 * event destination publishes DELIVERY, BOUNCE and COMPLAINT to an SNS topic, and
 * functions/platform/mail-events.ts subscribed to it, which counts them in the send log. Every
 * function that sends mail gets `SES_CONFIGURATION_SET` (lib/mail.ts sends with it) and may send
 * with the set (stack.ts adds its ARN to the SES resources of the send permission).
 */
export class MailEvents extends Construct {
  readonly configurationSet: ses.ConfigurationSet;
  readonly topic: sns.Topic;
  readonly fn: lambda.Function;
  readonly dlq: sqs.Queue;

  constructor(scope: Construct, id: string, props: MailEventsProps) {
    super(scope, id);
    const cfg = props.config;
    this.topic = new sns.Topic(this, 'Topic', {
      displayName: 'SES delivery, bounce and complaint notifications',
      enforceSSL: true,
    });
    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {});
    this.configurationSet.addEventDestination('ToSns', {
      destination: ses.EventDestination.snsTopic(this.topic),
      events: [ses.EmailSendingEvent.DELIVERY, ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });
    this.dlq = deadLetterQueue(this, 'Dlq', cfg);
    this.fn = appFunction(
      this,
      'Function',
      {
        entry: 'functions/platform/mail-events.ts',
        description: 'Counts SES delivery, bounce and complaint notifications in the send log',
        environment: { ...props.environment, POWERTOOLS_SERVICE_NAME: 'mail-events' },
        timeout: Duration.seconds(30),
        // SNS invokes asynchronously: two Lambda retries, then the notification is kept in the DLQ.
        deadLetterQueue: this.dlq,
        retryAttempts: 2,
      },
      cfg,
    );
    props.table.grantWriteData(this.fn);
    this.topic.addSubscription(new subs.LambdaSubscription(this.fn));
  }

  /** The set's ARN, which ses:SendEmail / SendRawEmail must be allowed on to send with it. */
  configurationSetArn(scope: Construct): string {
    return Stack.of(scope).formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: this.configurationSet.configurationSetName,
    });
  }
}
