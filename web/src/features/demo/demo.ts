/** R-PLAT-7, R-PLAT-5. */
export const DEMO_SUBMIT_DELAY_MS = 1000;
export const DEFAULT_SCHEDULING_URL = 'https://calendly.com/';

export function schedulingUrl(): string {
  const configured = import.meta.env?.VITE_DEMO_SCHEDULING_URL as string | undefined;
  return configured && /^https?:\/\//i.test(configured) ? configured : DEFAULT_SCHEDULING_URL;
}

export const COMPANY_SIZES = [
  { value: '1-10', label: '1-10 employees' },
  { value: '11-50', label: '11-50 employees' },
  { value: '51-200', label: '51-200 employees' },
  { value: '201-500', label: '201-500 employees' },
  { value: '500+', label: '500+ employees' },
] as const;

export const INDUSTRIES = [
  { value: 'recreation', label: 'Recreation' },
  { value: 'retail', label: 'Retail' },
  { value: 'hospitality', label: 'Hospitality' },
  { value: 'equipment-rental', label: 'Equipment Rental' },
  { value: 'event-management', label: 'Event Management' },
  { value: 'other', label: 'Other' },
] as const;

export const PREFERRED_TIMES = [
  { value: 'morning', label: 'Morning (9-12)' },
  { value: 'afternoon', label: 'Afternoon (12-5)' },
  { value: 'evening', label: 'Evening (5-8)' },
] as const;

export interface DemoRequest {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  companySize: string;
  industry: string;
  currentSolution: string;
  specificNeeds: string;
  preferredTime: string;
  message: string;
}

export const EMPTY_DEMO_REQUEST: DemoRequest = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  company: '',
  companySize: '',
  industry: '',
  currentSolution: '',
  specificNeeds: '',
  preferredTime: '',
  message: '',
};
