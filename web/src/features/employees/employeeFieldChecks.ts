/** The employee detail page's field rules (R-EMP-8): what each editable field accepts and how it is shown. */
import { formatCents } from '../../../../shared/domain/money.js';

export const dollarsPerHour = (cents: number | null) => (cents == null ? '' : `${formatCents(cents)}/hr`);
export const fourDigits = (v: string) => (v === '' || /^\d{4}$/.test(v) ? null : 'PIN must be 4 digits');
export const ssnCheck = (v: string) =>
  v === '' || /^\d{3}-?\d{2}-?\d{4}$/.test(v) ? null : 'SSN must be 9 digits (XXX-XX-XXXX)';
export const wageCheck = (v: string) =>
  v === '' || (/^\d+(\.\d{1,2})?$/.test(v) && Number(v) >= 0) ? null : 'Wage must be a number of 0 or more';

/** A cleared text field is saved as null. */
export const blank = (v: string) => (v.trim() === '' ? null : v.trim());
