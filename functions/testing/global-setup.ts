import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal, type RunningDynamo } from '../local/dynamodb-local.js';

/** One DynamoDB Local (in memory) for the whole integration run; each test file makes its own table. */
let dynamo: RunningDynamo | undefined;

export async function setup(project: TestProject): Promise<void> {
  dynamo = await startDynamoDbLocal();
  project.provide('dynamoEndpoint', dynamo.endpoint);
}

export async function teardown(): Promise<void> {
  await dynamo?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
