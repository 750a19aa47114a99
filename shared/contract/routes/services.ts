import { z } from 'zod';
import { route } from '../types.js';
import { idParam, jsonText, looseNumber } from '../common.js';

export const SERVICE_RATE_TYPES = ['PER_PERSON', 'HOURLY', 'FIXED'] as const;

export const serviceBody = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  description: z.string().max(5000).optional().nullable(),
  location: z.string().max(200).optional().nullable(),
  photo: z.string().max(2048).optional().nullable(),
  photoUrls: jsonText.optional().nullable(),
  photoBaseKey: z.string().max(512).optional().nullable(),
  rate: z.union([looseNumber, z.literal(''), z.null()]).optional()
    .transform((v) => (v === '' || v === null || v === undefined ? 0 : v))
    .pipe(z.number().min(0, 'Rate must be 0 or more')),
  rateType: z.string({ error: 'Rate type is required' }).transform((v) => v.toUpperCase()).pipe(z.enum(SERVICE_RATE_TYPES, { error: 'Rate type must be PER_PERSON, HOURLY or FIXED' })),
  availability: jsonText.optional().nullable(),
  showPaymentOptions: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  notes: z.string().max(5000).optional().nullable(),
  paymentSettings: jsonText.optional().nullable(),
  paymentNote: z.string().max(1000).optional().nullable(),
  hosts: jsonText.optional().nullable(),
  rsvpSettings: jsonText.optional().nullable(),
  questionnaire: jsonText.optional().nullable(),
  privacySettings: jsonText.optional().nullable(),
  reminderSettings: jsonText.optional().nullable(),
  enableTieredPricing: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  pricingTiers: jsonText.optional().nullable(),
  enableAddons: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  addons: jsonText.optional().nullable(),
  isActive: z.boolean().optional(),
});

export const publicBookingBody = z.object({
  selectedSlots: z.array(z.object({ date: z.string().max(40), startTime: z.string().max(10), endTime: z.string().max(10) })).length(1, 'Choose exactly one slot'),
  customer: z.object({
    firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
    lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100),
    phone: z.string({ error: 'Phone number is required' }).trim().min(1, 'Phone number is required').max(40),
    email: z.string({ error: 'Email address is required' }).trim().min(1, 'Email address is required').max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address'),
  }),
  participantCount: z.coerce.number().int().min(1).max(50).default(1),
  startTime: z.string().max(40).optional(),
  endTime: z.string().max(40).optional(),
  notes: z.string().max(2000).optional().nullable(),
  allergies: z.string().max(2000).optional().nullable(),
  selectedAddons: z.array(z.object({ name: z.string().max(200), rate: looseNumber.optional(), rateType: z.string().max(20).optional() })).max(50).optional(),
  isPublicBooking: z.literal(true).optional(),
});

const shareToken = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'Invalid link') });
const s = { area: 'services', access: 'user' } as const;
export const serviceRoutes = [
  route({ ...s, id: 'services.list', method: 'GET', path: '/api/inventory/services', permission: 'services.view', summary: 'Services' }),
  route({ ...s, id: 'services.get', method: 'GET', path: '/api/inventory/services/{id}', permission: 'services.view', params: idParam, summary: 'One service' }),
  route({ ...s, id: 'services.create', method: 'POST', path: '/api/inventory/services', capability: 'manageInventory', permission: 'services.create', body: serviceBody, summary: 'Create a service' }),
  route({ ...s, id: 'services.update', method: 'PUT', path: '/api/inventory/services/{id}', capability: 'manageInventory', permission: 'services.edit', params: idParam, body: serviceBody, summary: 'Update a service' }),
  route({ ...s, id: 'services.delete', method: 'DELETE', path: '/api/inventory/services/{id}', capability: 'manageInventory', permission: 'services.delete', params: idParam, summary: 'Delete a service' }),
  route({ ...s, id: 'services.generateShareLink', method: 'POST', path: '/api/inventory/services/{id}/generate-share-link', capability: 'manageInventory', permission: 'services.edit', params: idParam, summary: 'Create the public share link' }),
  route({ area: 'services', access: 'public', id: 'services.publicGet', method: 'GET', path: '/public/service/{token}', params: shareToken, summary: 'A service as a customer sees it' }),
  route({ area: 'services', access: 'public', id: 'services.publicBook', method: 'POST', path: '/public/service/{token}/book', params: shareToken, body: publicBookingBody, summary: 'Book a slot without an account' }),
  route({ area: 'uploads', access: 'user', id: 'uploads.uploadServicePhoto', method: 'POST', path: '/api/uploads/service-photo', capability: 'manageInventory', permission: 'services.edit', kind: 'multipart', summary: 'Upload a service photo (multipart photo, serviceId)' }),
  route({
    area: 'uploads', access: 'user', id: 'uploads.deleteServicePhoto', method: 'DELETE', path: '/api/uploads/service-photo/{baseKey}', capability: 'manageInventory', permission: 'services.edit',
    params: z.object({ baseKey: z.string().regex(/^[A-Za-z0-9_.-]{1,200}$/, 'Invalid photo key') }), summary: 'Remove a service photo',
  }),
] as const;
