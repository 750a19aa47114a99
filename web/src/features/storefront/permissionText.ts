/** The words of Users & Permissions (R-SET-5), shared by the page and its change log. */
export const PERMISSION_TEXT = {
  loadFailed: 'Failed to load permissions',
  saveFailed: 'Failed to update permissions',
  saved: 'Permissions updated',
  noLogs: 'No changes recorded yet.',
  unknownActor: 'Unknown',
} as const;
