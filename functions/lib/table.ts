/**
 * The single table's shape, declared once: the CDK stack, the local runtime and the tests create
 * exactly this. docs/data-model.md says which access pattern each key and index serves.
 */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds; DynamoDB deletes rows some time after this passes (login throttles, used tokens). */
  ttlAttribute: 'expiresAt',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;
