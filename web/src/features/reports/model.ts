/**
 * The Reports screen's model lives in shared/reports/ (model.ts, table.ts, text-exports.ts: the
 * scheduled-report sweep renders the same tables, CSV, PDF and Excel on the server); these re-exports
 * keep the feature's imports short.
 */
export * from '../../../../shared/reports/model.js';
export * from '../../../../shared/reports/table.js';
export * from '../../../../shared/reports/text-exports.js';
