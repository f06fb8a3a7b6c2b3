import { PERCENT_SCALE, QTY_SCALE, RATE_SCALE } from '@posauto/shared/money/index';
import type { Kysely } from 'kysely';
import type { Deps } from '../deps';
import { bumpCounter } from '../db/list';
import type { Database } from '../db/types';
import { newId } from '../lib/ids';
import { CUSTOMER_COUNTER } from '../modules/businesses/index';

type DemoCustomer = {
  name: string;
  customer_type: 'retail' | 'company';
  company_name?: string;
  phone: string | null;
  email?: string;
  address?: string;
  member_id: string;
  note?: string;
};

const COFFEE_CUSTOMERS: DemoCustomer[] = [
  { name: 'Sok Dara', customer_type: 'retail', phone: '+855 12 555 101', email: 'dara.sok@example.com', member_id: 'M-0001' },
  {
    name: 'Chan Sreymom',
    customer_type: 'retail',
    phone: '+855 92 333 212',
    member_id: 'M-0002',
    address: 'Street 63, Boeng Keng Kang 1, Phnom Penh',
  },
  { name: 'Lim Vuthy', customer_type: 'retail', phone: '+855 77 120 450', member_id: 'M-0003', note: 'Prefers oat milk, less sugar' },
  {
    name: 'Heng Sophal',
    customer_type: 'company',
    company_name: 'Mekong Digital Co., Ltd.',
    phone: '+855 23 880 300',
    email: 'accounts@mekongdigital.example',
    address: 'Street 51, Boeng Keng Kang 1, Phnom Penh',
    member_id: 'M-0004',
    note: 'Monthly office coffee order, invoice with VAT',
  },
  { name: 'Keo Bopha', customer_type: 'retail', phone: '+855 10 808 515', member_id: 'M-0005' },
  {
    name: 'Nuon Rithy',
    customer_type: 'company',
    company_name: 'Angkor Events & Catering',
    phone: '+855 63 966 777',
    email: 'booking@angkorevents.example',
    address: 'Sivatha Boulevard, Siem Reap',
    member_id: 'M-0006',
  },
];

const KARAOKE_CUSTOMERS: DemoCustomer[] = [
  { name: 'Pich Sovann', customer_type: 'retail', phone: '+855 16 700 321', member_id: 'K-0001' },
  {
    name: 'Meas Kanha',
    customer_type: 'company',
    company_name: 'Sunrise Travel Agency',
    phone: '+855 23 215 430',
    email: 'team@sunrisetravel.example',
    member_id: 'K-0002',
    note: 'Books the VIP room for staff parties',
  },
];

const BRANCH_CONTACTS: Record<string, { address: string; phone: string }> = {
  'Riverside (Phnom Penh)': { address: 'No. 21, Sisowath Quay, Daun Penh, Phnom Penh', phone: '+855 23 990 101' },
  'BKK1 (Phnom Penh)': { address: 'No. 45, Street 278, Boeng Keng Kang 1, Phnom Penh', phone: '+855 23 990 202' },
  'Toul Kork (Phnom Penh)': { address: 'No. 9, Street 315, Toul Kork, Phnom Penh', phone: '+855 17 888 999' },
};

async function seedCustomers(trx: Kysely<Database>, deps: Deps, businessId: string, customers: DemoCustomer[], at: string) {
  for (const c of customers) {
    await trx
      .insertInto('customers')
      .values({
        business_id: businessId,
        id: newId(),
        name: c.name,
        customer_type: c.customer_type,
        company_name: c.company_name ?? null,
        phone: c.phone,
        email: c.email ?? null,
        address: c.address ?? null,
        member_id: c.member_id,
        note: c.note ?? null,
        is_walk_in: 0,
        status: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  await bumpCounter(trx, deps.kind, businessId, CUSTOMER_COUNTER, customers.length);
}

async function branchContacts(trx: Kysely<Database>, businessId: string) {
  for (const [name, contact] of Object.entries(BRANCH_CONTACTS)) {
    await trx.updateTable('branches').set(contact).where('business_id', '=', businessId).where('name', '=', name).execute();
  }
}

/** Sale settings start each sale with the Walk-in customer (from createBusiness) and the shop's Cash method. */
async function cashByDefault(trx: Kysely<Database>, businessId: string) {
  const cash = await trx
    .selectFrom('payment_methods')
    .select('id')
    .where('business_id', '=', businessId)
    .where('type', '=', 'cash')
    .executeTakeFirst();
  await trx
    .updateTable('sale_settings')
    .set({ default_payment_method_id: cash?.id ?? null, invoice_prefix: 'INV-' })
    .where('business_id', '=', businessId)
    .execute();
}

/** Demo Coffee and Demo Karaoke: 10% VAT on top of prices, 4,100 riel per dollar, receipts, branches' contacts, customers. */
export async function seedShopSettings(trx: Kysely<Database>, deps: Deps, coffeeId: string, karaokeId: string, at: string): Promise<void> {
  const vat = { exchange_rate: 4100 * RATE_SCALE, sale_tax: 10 * PERCENT_SCALE, is_exclude_tax: 1, updated_at: at };
  await trx
    .updateTable('general_settings')
    .set({
      ...vat,
      receipt_footer: 'Thank you! / អរគុណ!',
      vatin_number: 'K001-901234567',
      default_stock_alert: 5 * QTY_SCALE,
      edit_cost: 1,
      inline_discount: 1,
    })
    .where('business_id', '=', coffeeId)
    .execute();
  await trx.updateTable('businesses').set({ address: 'No. 21, Sisowath Quay, Daun Penh, Phnom Penh' }).where('id', '=', coffeeId).execute();
  await trx
    .updateTable('general_settings')
    .set({ ...vat, receipt_footer: 'Thank you for singing with us! / សូមអរគុណ!', default_stock_alert: 10 * QTY_SCALE })
    .where('business_id', '=', karaokeId)
    .execute();
  await trx.updateTable('businesses').set({ address: 'No. 9, Street 315, Toul Kork, Phnom Penh' }).where('id', '=', karaokeId).execute();

  for (const businessId of [coffeeId, karaokeId]) {
    await branchContacts(trx, businessId);
    await cashByDefault(trx, businessId);
  }
  await seedCustomers(trx, deps, coffeeId, COFFEE_CUSTOMERS, at);
  await seedCustomers(trx, deps, karaokeId, KARAOKE_CUSTOMERS, at);
}
