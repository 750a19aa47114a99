/**
 * The Reports screen's model lives in shared/reports/model.ts (the scheduled-report sweep renders the
 * same tables, CSV, PDF and Excel on the server); this re-export keeps the feature's imports short.
 */
export * from '../../../../shared/reports/model.js';
