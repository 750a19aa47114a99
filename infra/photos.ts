import { Annotations, Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { InfraConfig } from './config.js';
import { PHOTO_NOTIFICATION_PREFIX } from './constants.js';
import { appFunction, deadLetterQueue } from './lambda.js';
import { grantPhotoAccess } from './permissions.js';

export interface PhotoResizeProps {
  config: InfraConfig;
  environment: Record<string, string>;
  table: dynamodb.ITable;
  uploadsBucket: s3.Bucket;
}

/**
 * S3 ObjectCreated on photo uploads (incoming/photos/) → functions/uploads/resize.ts, the accept
 * step: it writes the original and the WebP variants under tenants/ (or deletes a file that is not
 * an image and marks the photo REJECTED). sharp is native code:
 * its linux-arm64 build is npm-installed into the bundle rather than inlined by esbuild.
 */
export class PhotoResize extends Construct {
  readonly fn: lambda.Function;
  readonly dlq: sqs.Queue;

  constructor(scope: Construct, id: string, props: PhotoResizeProps) {
    super(scope, id);
    const cfg = props.config;
    this.dlq = deadLetterQueue(this, 'ResizeDlq', cfg);
    this.fn = appFunction(
      this,
      'ResizeFunction',
      {
        entry: 'functions/uploads/resize.ts',
        description: 'Accepts photo uploads from incoming/photos/: writes the original and its variants',
        environment: { ...props.environment, POWERTOOLS_SERVICE_NAME: 'resize' },
        // sharp's decode of a 10 MB photo and two WebP encodes: memory buys CPU.
        memorySize: 1536,
        timeout: Duration.seconds(30),
        ...(cfg.sharpBundling === 'install' ? { nodeModules: ['sharp'] } : { externalModules: ['sharp'] }),
        // S3 invokes asynchronously: two Lambda retries, then the event is kept in the DLQ.
        deadLetterQueue: this.dlq,
        retryAttempts: 2,
      },
      cfg,
    );
    if (cfg.sharpBundling === 'external' && !cfg.codeStubs) {
      Annotations.of(this.fn).addWarningV2(
        'rental:sharp-external',
        'sharp is not in the resize bundle (sharpBundling=external): photo resizing fails in AWS. Deploy without that context.',
      );
    }
    // Read and delete the upload, write the original and its variants.
    grantPhotoAccess(props.uploadsBucket, this.fn, 'accept');
    props.table.grantReadWriteData(this.fn);
    // Uploads only: what it writes lands under tenants/ and never starts it again (constants.ts).
    props.uploadsBucket.addEventNotification(s3.EventType.OBJECT_CREATED, new s3n.LambdaDestination(this.fn), {
      prefix: PHOTO_NOTIFICATION_PREFIX,
    });
  }
}
