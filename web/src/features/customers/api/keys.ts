export const CUSTOMERS_LIST = 'customers.list';
export const CUSTOMER_DETAIL = 'customers.detail';
