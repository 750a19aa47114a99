/**
 * Store settings' constants (R-SET-4), zod-free so the SPA's settings pages read them
 * without loading the contract's schemas; shared/contract/settings-models.ts re-exports them.
 */

/** Contact information with nothing set (R-SET-2): six text fields. */
export const EMPTY_CONTACT = {
  storeName: '',
  streetAddress: '',
  city: '',
  zipCode: '',
  emailAddress: '',
  phoneNumber: '',
};
export type ContactFieldName = keyof typeof EMPTY_CONTACT;

/** Day options of R-SET-4, in the order the select lists them. */
export const DAY_TYPES = [
  'everyday',
  'weekdays',
  'weekends',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type DayType = (typeof DAY_TYPES)[number];
export const DAY_TYPE_LABELS: Record<DayType, string> = {
  everyday: 'Every day',
  weekdays: 'Weekdays',
  weekends: 'Weekends',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};
export interface HoursRow {
  id: string;
  dayType: DayType;
  openTime: string;
  closeTime: string;
  isClosed: boolean;
}
/** R-SET-4: the default row. */
export const DEFAULT_HOURS: HoursRow[] = [
  { id: 'default', dayType: 'everyday', openTime: '09:00', closeTime: '17:00', isClosed: false },
];

/** The change note of a permissions save that gives none (R-SET-5). Zod-free, so the SPA's permissions page reads it without the contract's schemas; shared/contract/settings-models.ts re-exports it. */
export const PERMISSION_CHANGE_NOTE = 'Updated role permissions';
