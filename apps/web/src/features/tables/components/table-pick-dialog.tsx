import { Alert, Button, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TableOrder } from '@posauto/shared/schemas/restaurant';
import { useFloor, type useOrderAction } from '../api/tables-api';

interface Props {
  mode: 'move' | 'merge' | null;
  order: TableOrder;
  action: ReturnType<typeof useOrderAction>;
  onClose: () => void;
}

/** Move: the order to a free table. Merge: another table's open order into this one (that table is then free). */
export function TablePickDialog({ mode, order, action, onClose }: Props) {
  const { t } = useTranslation();
  const floor = useFloor(order.branch_id);
  if (!mode) return null;
  const tables = (floor.data?.tables ?? []).filter((x) =>
    mode === 'move' ? x.state === 'free' : x.order_id && x.order_id !== order.id && x.state !== 'paid',
  );
  const pick = (tableId: string, orderId: string | null) =>
    action.mutate(mode === 'move' ? { kind: 'move', tableId } : { kind: 'merge', orderId: orderId! }, { onSuccess: onClose });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(`tables.${mode}.title`)}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('tables.close') }}
    >
      <Stack>
        <Text size="sm">{t(`tables.${mode}.hint`)}</Text>
        {floor.data && tables.length === 0 && <Text c="dimmed">{t(`tables.${mode}.none`)}</Text>}
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {tables.map((x) => (
            <Button key={x.id} h={64} variant="default" loading={action.isPending} onClick={() => pick(x.id, x.order_id)}>
              {t('tables.floor.table_label', { name: x.name, state: t(`tables.state.${x.state}`) })}
            </Button>
          ))}
        </SimpleGrid>
        {action.error && (
          <Alert color="red" role="alert">
            {action.error.message}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
