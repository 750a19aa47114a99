import * as z from '../zod.js';

/**
 * Calendar feeds on the wire (docs/requirements/settings.md R-SET-8, docs/decisions/0230-calendar-feeds.md):
 * a secret address a calendar app subscribes to, showing the tenant's ACTIVE bookings.
 */
export const CALENDAR_FEED_SCOPES = ['all', 'service', 'item'] as const;
export type CalendarFeedScope = (typeof CALENDAR_FEED_SCOPES)[number];
export const CALENDAR_FEED_NAME_MAX = 100;
/** At most this many feeds per tenant: each is a standing read of the bookings (R-SET-8). */
export const CALENDAR_FEEDS_MAX = 50;

const CALENDAR_FEED_TEXT = {
  nameRequired: 'Feed name is required',
  nameTooLong: `Feed name must be at most ${CALENDAR_FEED_NAME_MAX} characters`,
  serviceRequired: 'Choose the service this feed shows',
  itemRequired: 'Choose the item this feed shows',
  onlyOneTarget: 'A feed shows all bookings, one service or one item',
} as const;

const id = z.string().check(z.trim(), z.minLength(1), z.maxLength(128), z.singleLine());

export const calendarFeedBody = z
  .object({
    name: z
      .string({ error: CALENDAR_FEED_TEXT.nameRequired })
      .check(
        z.trim(),
        z.minLength(1, CALENDAR_FEED_TEXT.nameRequired),
        z.singleLine('Feed name'),
        z.maxLength(CALENDAR_FEED_NAME_MAX, CALENDAR_FEED_TEXT.nameTooLong),
      ),
    scope: z.enum(CALENDAR_FEED_SCOPES, { error: 'Scope must be one of all, service, item' }),
    serviceId: z.optional(id),
    inventoryItemId: z.optional(id),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.scope === 'service' && !v.serviceId)
        ctx.addIssue({ code: 'custom', path: ['serviceId'], message: CALENDAR_FEED_TEXT.serviceRequired });
      if (v.scope === 'item' && !v.inventoryItemId)
        ctx.addIssue({ code: 'custom', path: ['inventoryItemId'], message: CALENDAR_FEED_TEXT.itemRequired });
      if ((v.scope !== 'service' && v.serviceId) || (v.scope !== 'item' && v.inventoryItemId))
        ctx.addIssue({ code: 'custom', path: ['scope'], message: CALENDAR_FEED_TEXT.onlyOneTarget });
    }),
    // The same rule for the OpenAPI document: the scope's target, and only it.
    z.meta({
      oneOf: [
        {
          properties: { scope: { const: 'all' } },
          not: { anyOf: [{ required: ['serviceId'] }, { required: ['inventoryItemId'] }] },
        },
        {
          properties: { scope: { const: 'service' } },
          required: ['serviceId'],
          not: { required: ['inventoryItemId'] },
        },
        { properties: { scope: { const: 'item' } }, required: ['inventoryItemId'], not: { required: ['serviceId'] } },
      ],
    }),
  );
export type CalendarFeedInput = z.output<typeof calendarFeedBody>;

/** The address is answered once, here: only its hash is stored (docs/decisions/0230-calendar-feeds.md). */
export const calendarFeedCreatedResponse = z.object({ id: z.string(), url: z.string() });

export const calendarFeedView = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(CALENDAR_FEED_SCOPES),
  serviceId: z.nullable(z.string()),
  inventoryItemId: z.nullable(z.string()),
  /** The service's or item's name when the feed was made (null for 'all'). */
  targetName: z.nullable(z.string()),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }),
});
export type CalendarFeedView = z.output<typeof calendarFeedView>;
export const calendarFeedListResponse = z.object({ feeds: z.array(calendarFeedView) });

/** `{token}.ics`: the path parameter carries the suffix (API Gateway takes whole-segment parameters only). */
export const calendarFeedParams = z.object({ token: z.string().check(z.maxLength(200), z.singleLine()) });

/** The feed's body: RFC 5545 text, not JSON (the pipeline does not check raw bodies). */
export const calendarFileResponse = z.string().check(
  z.meta({
    description: 'An iCalendar feed (RFC 5545): one VEVENT per active booking; ETag / If-None-Match answers 304',
    format: 'binary',
    contentMediaType: 'text/calendar',
  }),
);
