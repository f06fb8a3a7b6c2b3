import { Button, Group, Menu } from '@mantine/core';
import { IconArrowBackUp, IconBan, IconChevronDown, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SaleDetail } from '@posauto/shared/schemas/sales';
import { ApiError } from '../../../lib/api-client';
import { confirmAction } from '../../../components/crud/confirm-action';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useVoidSale } from '../api/sales';
import { isNonZero } from '../lib/sale-money';

/** What the screen lets the user do with a sale; printing comes from the receipts feature through the screen. */
export interface SaleDetailActions {
  print: (saleId: string, options: { paper?: 58 | 80 | 'a4' }) => Promise<void> | void;
  printing?: boolean;
  canPay: boolean;
  canVoid: boolean;
  canReturn: boolean;
}

/** What may be done with a till sale from its drawer: reprint it, take goods back, void it. */
export function SaleActions({ sale: s, actions }: { sale: SaleDetail; actions: SaleDetailActions }) {
  const { t } = useTranslation();
  const print = (paper: 58 | 80 | 'a4') => {
    void Promise.resolve(actions.print(s.id, { paper })).catch((e: unknown) => notifyError(e));
  };
  const returnable = s.status === 'completed' && s.document === 'sale' && s.lines.some((l) => isNonZero(l.returnable_quantity));
  return (
    <Group gap="xs">
      <Menu position="bottom-start" shadow="md" withinPortal>
        <Menu.Target>
          <Button
            leftSection={<IconPrinter size={16} />}
            rightSection={<IconChevronDown size={14} />}
            loading={actions.printing}
            data-testid="print-menu"
          >
            {t('sales_ui.print')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => print(80)} data-testid="print-80">
            {t('sales_ui.print_80')}
          </Menu.Item>
          <Menu.Item onClick={() => print(58)} data-testid="print-58">
            {t('sales_ui.print_58')}
          </Menu.Item>
          <Menu.Item onClick={() => print('a4')} data-testid="print-a4">
            {t('sales_ui.print_a4')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {actions.canReturn && returnable && (
        <Button
          variant="light"
          component={Link}
          to={`/sales-listing/create-sale-return?sale_id=${s.id}`}
          leftSection={<IconArrowBackUp size={16} />}
          data-testid="return-goods"
        >
          {t('sales_ui.return_goods')}
        </Button>
      )}
      {actions.canVoid && (s.status === 'completed' || s.status === 'open') && <VoidButton sale={s} />}
    </Group>
  );
}

/** Voids the sale after a confirm; when the drawer lacks the currency the cash came in, offers the other one. */
function VoidButton({ sale: s }: { sale: SaleDetail }) {
  const { t } = useTranslation();
  const voidSale = useVoidSale();
  const voided = () => notifySuccess('sales_ui.voided');
  const inOtherCurrency = (e: Error) => {
    if (!(e instanceof ApiError && e.errors?.refund_currency)) return notifyError(e);
    const other = s.payments.every((p) => p.currency === 'KHR') ? 'USD' : 'KHR';
    confirmAction({
      title: t('sales_ui.void_other_currency'),
      text: e.message,
      confirm: t(other === 'KHR' ? 'sales_ui.void_in_riel' : 'sales_ui.void_in_dollars'),
      color: 'red',
      onConfirm: () => voidSale.mutate({ id: s.id, refund_currency: other }, { onSuccess: voided, onError: (e2) => notifyError(e2) }),
    });
  };
  return (
    <Button
      color="red"
      variant="light"
      leftSection={<IconBan size={16} />}
      loading={voidSale.isPending}
      data-testid="void-sale"
      onClick={() =>
        confirmAction({
          title: t('sales_ui.void_title', { number: s.invoice_number }),
          text: t('sales_ui.void_text'),
          confirm: t('sales_ui.void_confirm'),
          color: 'red',
          onConfirm: () => voidSale.mutate({ id: s.id }, { onSuccess: voided, onError: inOtherCurrency }),
        })
      }
    >
      {t('sales_ui.void')}
    </Button>
  );
}
