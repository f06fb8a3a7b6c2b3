/** Which part of the product a screen belongs to; its empty state says what will appear there. */
export type Area =
  | 'products'
  | 'purchases'
  | 'invoices'
  | 'sales'
  | 'stock'
  | 'customers'
  | 'expenses'
  | 'reports'
  | 'users'
  | 'account'
  | 'settings'
  | 'pos'
  | 'signup'
  | 'blank';

const EXPLICIT: Record<string, Area> = {
  'stock-purchase': 'purchases',
  'stock-return': 'purchases',
  'purchase-return': 'purchases',
  'stock-report': 'reports',
  'pos-cash-flow-report': 'reports',
  'create-invoice': 'invoices',
  'sale-pos': 'pos',
  'customer-listing': 'customers',
  'update-profile': 'account',
  'change-password': 'account',
  blank: 'blank',
  'open-cash-listing': 'sales',
};

export function areaOf(name: string): Area {
  if (EXPLICIT[name]) return EXPLICIT[name];
  if (/product/.test(name) && !/unit/.test(name)) return 'products';
  if (/purchase/.test(name)) return 'purchases';
  if (/quotation|invoice/.test(name)) return 'invoices';
  if (/report/.test(name)) return 'reports';
  if (/sale|sales/.test(name) && !/setting/.test(name)) return 'sales';
  if (/stock|transfer/.test(name) && !/type/.test(name)) return 'stock';
  if (/expend/.test(name)) return 'expenses';
  if (/role|user/.test(name)) return 'users';
  if (/register|registration|completed|otp|forgot/.test(name)) return 'signup';
  return 'settings';
}
