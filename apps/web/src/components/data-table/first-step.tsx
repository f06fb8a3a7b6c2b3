import { Button, Stack, Text } from '@mantine/core';
import { IconInbox, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routeByName } from '@posauto/shared/routes';
import { hasPermission, useUserData } from '../../lib/auth-store';
import type { ListState } from '../crud/list-state';

/**
 * What an empty list says and offers: a sentence (setup.empty.<key>.text) and a button for its first step
 * (setup.empty.<key>.action). One table, configured per list: a list names its key; the button leads to the route
 * named here, or, for a list that creates in a dialog of its own, does the list's own create action.
 */
const FIRST_STEP_ROUTES = {
  products: 'create-product',
  categories: null,
  brands: null,
  units: null,
  suppliers: null,
  payment_methods: null,
  variations: null,
  variation_values: null,
  service_charges: null,
  adjustment_types: null,
  coupons: null,
  expense_categories: null,
  expenses: null,
  purchases: 'stock-purchase',
  purchase_returns: 'stock-return',
  adjustments: 'stock-adjustment',
  transfers: 'stock-transfer',
  pos_sales: 'sale-pos',
  sales: 'create-new-sale',
  invoices: 'create-invoice',
  quotations: 'create-quotation',
  items_sold: 'sale-pos',
  cash_sessions: null,
  branch_users: null,
  stock: 'stock-purchase',
  sale_returns: 'create-sale-return',
} as const satisfies Record<string, string | null>;

export type FirstStepKey = keyof typeof FIRST_STEP_ROUTES;

export interface FirstStepConfig {
  step: FirstStepKey;
  /** The list's own create action (a dialog), for a step without a route of its own. */
  onAction?: () => void;
}

/** The first step of a list while it holds nothing at all; a search or a filter that finds nothing is not that. */
export function firstStepUnlessFiltered(state: ListState, step: FirstStepConfig): FirstStepConfig | undefined {
  const filtered = Boolean(state.search || state.status || Object.values(state.filters).some(Boolean)) || state.page > 1;
  return filtered ? undefined : step;
}

export function FirstStep({ step, onAction }: FirstStepConfig) {
  const { t } = useTranslation();
  const user = useUserData();
  const routeName = FIRST_STEP_ROUTES[step];
  const route = routeName ? routeByName(routeName) : null;
  // A button only for a step this user may take; the sentence says what the list is for anyway.
  const mayGo = route ? hasPermission(user, route.permission) : Boolean(onAction);
  const label = t(`setup.empty.${step}.action`);
  return (
    <Stack align="center" gap="sm" maw={520} ta="center" data-testid="first-step" data-step={step}>
      <IconInbox size={40} stroke={1.3} opacity={0.5} aria-hidden />
      <Text c="dimmed">{t(`setup.empty.${step}.text`)}</Text>
      {mayGo &&
        (route ? (
          <Button component={Link} to={route.path} leftSection={<IconPlus size={16} />} data-testid="first-step-action">
            {label}
          </Button>
        ) : (
          <Button onClick={onAction} leftSection={<IconPlus size={16} />} data-testid="first-step-action">
            {label}
          </Button>
        ))}
    </Stack>
  );
}
