/** The tenant's calendar feeds (issue 24 items 7 and 8). Filled in by the calendar feeds work. */
export function CalendarFeedsSection() {
  return null;
}
