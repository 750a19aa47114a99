/** R-CUS-1: customers per page. Zod-free, so the SPA's customers page reads it without the contract's schemas. */
export const CUSTOMERS_PAGE_SIZE = 20;
