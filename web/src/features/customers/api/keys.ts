/**
 * Cache resources of the customers area (for SWR keys). Reservations' writes revalidate everything
 * under 'customers' (a booking adds or updates its customer).
 */
export const CUSTOMERS = 'customers';
export const CUSTOMERS_LIST = 'customers.list';
export const CUSTOMER_DETAIL = 'customers.detail';
