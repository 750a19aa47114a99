type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/** R-PLAT-4: pages within 2 of the current one, plus the first and the last, ellipses between. */
const PAGE_WINDOW = 2;

export function pageWindow(current: number, totalPages: number, windowSize = PAGE_WINDOW): PageItem[] {
  if (totalPages <= 1) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  const start = Math.max(1, page - windowSize);
  const end = Math.min(totalPages, page + windowSize);
  const items: PageItem[] = [];
  if (start > 1) {
    items.push(1);
    if (start > 2) items.push('ellipsis-start');
  }
  for (let p = start; p <= end; p++) items.push(p);
  if (end < totalPages) {
    if (end < totalPages - 1) items.push('ellipsis-end');
    items.push(totalPages);
  }
  return items;
}
