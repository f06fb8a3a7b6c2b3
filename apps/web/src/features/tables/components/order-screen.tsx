import { useCallback, useMemo, useState } from 'react';
import { ActionIcon, Alert, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderLine, TableOrder } from '@posauto/shared/schemas/restaurant';
import type { PosProduct, PosVariant } from '@posauto/shared/schemas/pos';
import { isCurrencyCode, type CurrencyCode } from '@posauto/shared/money/index';
import { isLanguage } from '@posauto/shared/i18n/index';
import { formatMoneyText } from '../../../lib/money-format';
import { usePosCatalogue } from '../../../components/selling/api/catalogue-api';
import { useOrder, useOrderAction } from '../api/tables-api';
import { useAdditions } from '../lib/use-additions';
import { useFloorLive } from '../lib/use-floor-live';
import { LineDialog } from './line-dialog';
import { OrderActions, type OrderDialog } from './order-actions';
import { OrderCatalogue } from './order-catalogue';
import { OrderLines } from './order-lines';
import { PayBillDialog } from './pay-bill-dialog';
import { RoomStayHeader } from './room-stay-header';
import { SplitDialog } from './split-dialog';
import { TablePickDialog } from './table-pick-dialog';
import { VoidDialog } from './void-dialog';
import classes from './tables.module.css';

/**
 * A table's order: the till's product grid on one side, the order's lines on the other (each tap added once, even
 * when the Wi-Fi drops), and what a waiter does with it: send to the kitchen, pre-bill, move, merge, split, pay, void.
 * A karaoke room's stay is such an order too (issue #25): its header is the room's, with the timer and its buttons.
 */
export function TableOrderScreen() {
  const { id } = useParams<{ id: string }>();
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'km';
  const orderQuery = useOrder(id);
  const order = orderQuery.data;
  const catalogueQuery = usePosCatalogue(order?.branch_id ?? null);
  const catalogue = catalogueQuery.data;
  const currency: CurrencyCode = catalogue && isCurrencyCode(catalogue.settings.currency) ? catalogue.settings.currency : 'USD';
  const action = useOrderAction(id ?? '');
  const additions = useAdditions(order?.status === 'open' ? id : undefined);
  useFloorLive();
  const [line, setLine] = useState<OrderLine | null>(null);
  const [voiding, setVoiding] = useState<OrderLine | null>(null);
  const [dialog, setDialog] = useState<OrderDialog>(null);
  const [payBill, setPayBill] = useState<number | null>(null);
  const names = useMemo(() => {
    const m = new Map<string, string>();
    for (const p of catalogue?.products ?? []) {
      m.set(p.id, p.name);
      for (const v of p.variants) m.set(v.id, `${p.name} ${v.name}`);
    }
    return m;
  }, [catalogue]);
  const { add } = additions;
  const onAdd = useCallback(
    (p: PosProduct, v: PosVariant | null) => add({ product_id: p.id, variant_id: v?.id ?? null, unit_id: p.sale_unit_id, quantity: '1' }),
    [add],
  );

  if (orderQuery.error) {
    return (
      <Alert color="red" role="alert" m="md">
        {orderQuery.error.message}
      </Alert>
    );
  }
  if (!order) return <Loader m="md" aria-label={t('tables.loading')} />;
  const open = order.status === 'open';
  const multiBill = order.bills.length > 1;

  return (
    <Stack gap={0} h="100dvh" data-testid="table-order-screen">
      {order.room_id ? <RoomStayHeader order={order} currency={currency} lang={lang} /> : <TableHeader order={order} />}
      <div className={classes.order}>
        {catalogue && open ? (
          <OrderCatalogue catalogue={catalogue} currency={currency} lang={lang} onAdd={onAdd} />
        ) : (
          <Stack p="md">
            {catalogueQuery.error ? <Alert color="red">{catalogueQuery.error.message}</Alert> : open ? <Loader /> : null}
          </Stack>
        )}
        <section className={classes.ticket} aria-label={t('tables.order.lines')}>
          <OrderLines
            lines={order.lines}
            pending={additions.pending}
            names={names}
            currency={currency}
            lang={lang}
            onPick={setLine}
            showBill={multiBill}
          />
          <Group justify="space-between" px="sm" py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Text fw={700}>{t('tables.order.total')}</Text>
            <Text fw={800} fz={22}>
              <bdi dir="ltr" data-testid="order-amount">
                {formatMoneyText(order.amount, currency, lang)}
              </bdi>
            </Text>
          </Group>
          {action.error && !dialog && !line && !voiding && (
            <Alert color="red" role="alert" mx="sm">
              {action.error.message}
            </Alert>
          )}
          <OrderActions
            order={order}
            action={action}
            busyAdding={additions.pending.length > 0}
            onDialog={setDialog}
            onPay={setPayBill}
            currency={currency}
          />
        </section>
      </div>
      <LineDialog
        line={line}
        guests={order.guests}
        action={action}
        onClose={() => setLine(null)}
        onVoid={(l) => {
          setLine(null);
          setVoiding(l);
        }}
      />
      <VoidDialog line={voiding} action={action} onClose={() => setVoiding(null)} />
      <TablePickDialog
        mode={dialog === 'move' || dialog === 'merge' ? dialog : null}
        order={order}
        action={action}
        onClose={() => setDialog(null)}
      />
      <SplitDialog opened={dialog === 'split'} order={order} action={action} onClose={() => setDialog(null)} />
      {catalogue && <PayBillDialog order={order} bill={payBill} catalogue={catalogue} lang={lang} onClose={() => setPayBill(null)} />}
    </Stack>
  );
}

/** The table, its order number and state; back to the floor. */
function TableHeader({ order }: { order: TableOrder }) {
  const { t } = useTranslation();
  return (
    <Group
      component="header"
      justify="space-between"
      px="sm"
      h={56}
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)', flexShrink: 0 }}
    >
      <Group gap="xs" wrap="nowrap">
        <ActionIcon component={Link} to="/tables" variant="subtle" size={44} aria-label={t('tables.back_to_floor')}>
          <IconArrowLeft size={20} className={classes.flip} />
        </ActionIcon>
        <Title order={1} fz="h4">
          {t('tables.order.title', { name: order.table_name ?? '', number: order.order_number })}
        </Title>
        <Badge variant="light">{t(`tables.state.${order.state}`)}</Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t('tables.floor.guests', { n: order.guests })}
        {order.waiter_name ? ` · ${order.waiter_name}` : ''}
      </Text>
    </Group>
  );
}
