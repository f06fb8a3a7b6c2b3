import { describe } from 'vitest';
import { describeSettingRoutes, useSettingClient } from '../../../test/setting-list-routes';

describe('supplier routes', () => {
  const c = useSettingClient();
  describeSettingRoutes(
    {
      what: 'supplier',
      base: '/api/v1/suppliers',
      seeded: 'Mekong Coffee Roasters',
      create: {
        name: 'Phnom Penh Dairy',
        company: 'PP Dairy Co., Ltd.',
        phone: '+855 12 111 222',
        email: 'milk@ppdairy.example',
        address: 'Street 2004',
        note: 'Fresh milk daily',
      },
      update: { name: 'Phnom Penh Dairy Farm', company: null, phone: '', email: '', address: null, note: null },
      expected: {
        name: 'Phnom Penh Dairy',
        company: 'PP Dairy Co., Ltd.',
        phone: '+855 12 111 222',
        email: 'milk@ppdairy.example',
        address: 'Street 2004',
        note: 'Fresh milk daily',
      },
      bad: {
        body: { name: '', email: 'not-an-email', phone: 'call me' },
        errors: { name: 'Please enter data', email: 'Your email is incorrect', phone: 'Please enter a valid phone number' },
      },
      nameTaken: 'A supplier with this name already exists',
      csvHeader: 'Supplier name,Company,Phone,Email,Address,Note,Status,Created',
    },
    c,
  );
});
