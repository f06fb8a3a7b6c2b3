import { Button, Menu } from '@mantine/core';
import {
  IconArrowsMove,
  IconCash,
  IconChefHat,
  IconGitMerge,
  IconReceipt,
  IconSeparator,
  IconTrash,
  IconCircleCheck,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TableOrder } from '@posauto/shared/schemas/restaurant';
import { parseQuantity } from '@posauto/shared/money/index';
import { uuid } from '../../../lib/uuid';
import { notifyError } from '../../../lib/notify';
import { printPreBill, type useOrderAction } from '../api/tables-api';
import { printPreBillPaper } from '../lib/print-pre-bill';
import classes from './tables.module.css';

export type OrderDialog = 'move' | 'merge' | 'split' | null;

interface Props {
  order: TableOrder;
  action: ReturnType<typeof useOrderAction>;
  busyAdding: boolean;
  onDialog: (d: OrderDialog) => void;
  onPay: (bill: number) => void;
  currency: string;
}

/** The waiter's buttons under the order: send, pre-bill, move, merge, split, pay; cancel an order nothing was sent of; clear a paid table. */
export function OrderActions({ order, action, busyAdding, onDialog, onPay, currency }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const room = Boolean(order.room_id);
  const unpaid = order.bills.filter((b) => !b.paid && b.line_count > 0);
  // A room's time is billed on its first bill, with or without food: the server refuses it until the room stops.
  if (room && order.status === 'open' && !unpaid.some((b) => b.bill === 1))
    unpaid.unshift({ bill: 1, line_count: 0, amount: '0', sale_id: null, invoice_number: null, paid: false });
  const open = order.status === 'open';
  const nothingSent = order.lines.every((l) => parseQuantity(l.sent_quantity) === 0 || l.status === 'void');
  // Tall enough to touch, and a long word (Khmer, Arabic) wraps instead of being cut.
  const big = { h: 'auto', mih: 56, fz: 'md', py: 6, classNames: { label: classes.actionLabel } } as const;
  const preBill = async () => {
    try {
      const bill = await printPreBill(order.id, unpaid[0]?.bill ?? 1, null);
      await printPreBillPaper(bill, currency);
    } catch (e) {
      notifyError(e);
    }
  };
  if (order.status === 'paid' && room) {
    return (
      <div className={classes.actions}>
        <Button
          {...big}
          color="teal"
          leftSection={<IconCircleCheck size={18} />}
          onClick={() => navigate('/rooms')}
          style={{ gridColumn: '1 / -1' }}
        >
          {t('rooms_ui.back_to_rooms')}
        </Button>
      </div>
    );
  }
  if (order.status === 'paid') {
    return (
      <div className={classes.actions}>
        <Button
          {...big}
          color="teal"
          leftSection={<IconCircleCheck size={18} />}
          loading={action.isPending}
          onClick={() => action.mutate({ kind: 'clear' }, { onSuccess: () => navigate('/tables') })}
          style={{ gridColumn: '1 / -1' }}
        >
          {t('tables.actions.clear')}
        </Button>
      </div>
    );
  }
  if (!open) return null;
  return (
    <div className={classes.actions}>
      <Button
        {...big}
        color="orange"
        leftSection={<IconChefHat size={18} />}
        disabled={order.pending_count === 0 || busyAdding}
        loading={action.isPending && action.variables?.kind === 'send'}
        onClick={() => action.mutate({ kind: 'send', key: uuid() })}
        style={{ gridColumn: 'span 2' }}
      >
        {t('tables.actions.send')} ({order.pending_count})
      </Button>
      <Button
        {...big}
        variant="default"
        leftSection={<IconReceipt size={18} />}
        onClick={() => void preBill()}
        disabled={order.lines.length === 0 && !room}
      >
        {t('tables.actions.pre_bill')}
      </Button>
      {/* A room moves with its stay (the room header's Move); a table's order may be merged into a room's there. */}
      {!room && (
        <Button {...big} variant="default" leftSection={<IconArrowsMove size={18} />} onClick={() => onDialog('move')}>
          {t('tables.actions.move')}
        </Button>
      )}
      {!room && (
        <Button {...big} variant="default" leftSection={<IconGitMerge size={18} />} onClick={() => onDialog('merge')}>
          {t('tables.actions.merge')}
        </Button>
      )}
      <Button
        {...big}
        variant="default"
        leftSection={<IconSeparator size={18} />}
        onClick={() => onDialog('split')}
        disabled={order.lines.length === 0}
      >
        {t('tables.actions.split')}
      </Button>
      {unpaid.length > 1 ? (
        <Menu>
          <Menu.Target>
            <Button {...big} color="green" leftSection={<IconCash size={18} />} style={{ gridColumn: 'span 2' }}>
              {t('tables.actions.pay')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {unpaid.map((b) => (
              <Menu.Item key={b.bill} onClick={() => onPay(b.bill)} mih={44}>
                {t('tables.split.bill_n', { bill: b.bill })}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : (
        <Button
          {...big}
          color="green"
          leftSection={<IconCash size={18} />}
          disabled={unpaid.length === 0 || busyAdding}
          onClick={() => onPay(unpaid[0]!.bill)}
          style={{ gridColumn: 'span 2' }}
        >
          {t('tables.actions.pay')}
        </Button>
      )}
      {nothingSent && !room && (
        <Button
          {...big}
          color="red"
          variant="light"
          leftSection={<IconTrash size={18} />}
          loading={action.isPending && action.variables?.kind === 'cancel'}
          onClick={() => action.mutate({ kind: 'cancel' }, { onSuccess: () => navigate('/tables') })}
        >
          {t('tables.actions.cancel_order')}
        </Button>
      )}
    </div>
  );
}
