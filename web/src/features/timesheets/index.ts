/** Public entry of the timesheets feature (the employees pages mount these tabs). */
export { MetricsTab } from './MetricsTab.js';
export { PerformanceTab } from './PerformanceTab.js';
