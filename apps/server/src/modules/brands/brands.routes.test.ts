import { describe } from 'vitest';
import { describeSettingRoutes, useSettingClient } from '../../../test/setting-list-routes';

describe('brand routes', () => {
  const c = useSettingClient();
  describeSettingRoutes(
    {
      what: 'brand',
      base: '/api/v1/brands',
      seeded: 'Coca-Cola',
      create: { name: '  Dutch Mill  ', description: 'Yoghurt drinks' },
      update: { name: 'Dutch Mill Thailand', description: null },
      expected: { name: 'Dutch Mill', description: 'Yoghurt drinks' },
      bad: {
        body: { name: '   ', description: 'x'.repeat(501) },
        errors: { name: 'Please enter data', description: 'This text is too long' },
      },
      nameTaken: 'A brand with this name already exists',
      csvHeader: 'Brand name,Description,Status,Created',
    },
    c,
  );
});
