/** The words of the Webhooks section (R-SET-10), shared by its table, endpoint dialog and deliveries. */
export const WEBHOOK_TEXT = {
  title: 'Webhooks',
  intro:
    'Send your own systems an HTTPS request the moment something changes: a reservation made, changed or cancelled, an item’s status, a payment. Each request is signed (Standard Webhooks) and retried for more than a day until your server answers with a 2xx status within 10 seconds.',
  loadFailed: 'Failed to load webhook endpoints',
  empty: 'No webhook endpoints yet.',
  created: 'Webhook endpoint added',
  createFailed: 'Failed to add the webhook endpoint',
  saved: 'Webhook endpoint saved',
  saveFailed: 'Failed to save the webhook endpoint',
  enabled: 'Webhook endpoint enabled',
  disabled: 'Webhook endpoint disabled',
  deleted: 'Webhook endpoint deleted',
  deleteFailed: 'Failed to delete the webhook endpoint',
  deleteConfirm: 'Its pending deliveries are dropped and no more events are sent to this URL. This cannot be undone.',
  tested: 'Test event sent: it appears in the deliveries below',
  testFailed: 'Failed to send a test event',
  replayed: 'Delivery queued again',
  replayFailed: 'Failed to replay the delivery',
  shownOnce:
    'Copy this signing secret now. It will not be shown again. Your server verifies each request with it (see the API documentation).',
  copyFailed: 'Could not copy the secret; select it and copy it by hand.',
  deliveriesFailed: 'Failed to load deliveries',
  noDeliveries: 'No deliveries yet. Send a test event to see one.',
} as const;
