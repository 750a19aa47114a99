/**
 * The customers area's requests, one file each (docs/decisions/0235-web-request-files.md): `get-*.ts` holds a
 * read and its SWR hook. The area only reads; reservations' writes revalidate CUSTOMERS.
 */
export { useCustomer } from './get-customer.js';
export { useCustomers } from './get-customers.js';
