import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FLOOR_LIMITS, type TableOrder } from '@posauto/shared/schemas/restaurant';
import { formatQuantity, QTY_SCALE } from '@posauto/shared/money/index';
import type { useOrderAction } from '../api/tables-api';
import { billQuantities, planMove, type PlannedMove, splitBody, splittable } from '../lib/split';
import classes from './tables.module.css';

interface Props {
  opened: boolean;
  order: TableOrder;
  action: ReturnType<typeof useOrderAction>;
  onClose: () => void;
}

/**
 * Splitting the bill: bills as columns; pick the bill to fill, then move one of a line or all of it there. Or one
 * bill per seat, or every line back on one bill. Equal parts are shares of one bill's payment (the payment dialog).
 */
export function SplitDialog({ opened, order, action, onClose }: Props) {
  const { t } = useTranslation();
  const lines = useMemo(() => splittable(order.lines), [order.lines]);
  const [moves, setMoves] = useState<PlannedMove[]>([]);
  const highest = Math.max(1, ...lines.map((l) => l.bill), ...moves.map((m) => m.bill));
  const [target, setTarget] = useState(2);
  useEffect(() => {
    if (opened) {
      setMoves([]);
      setTarget(Math.min(FLOOR_LIMITS.bills, Math.max(1, ...order.lines.map((l) => l.bill)) + 1));
      action.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  const columns = billQuantities(lines, moves);
  const count = Math.min(FLOOR_LIMITS.bills, Math.max(highest, target));
  const bills = Array.from({ length: count }, (_, i) => i + 1);
  const done = () => {
    setMoves([]);
    onClose();
  };
  const save = () => {
    const body = splitBody(moves);
    if (body) action.mutate({ kind: 'split', body }, { onSuccess: done });
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('tables.split.title')}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('tables.close') }}
    >
      <Stack>
        <Group gap="xs" role="group" aria-label={t('tables.split.target')}>
          <Text fw={600}>{t('tables.split.target')}</Text>
          {bills.map((b) => (
            <Button key={b} h={44} variant={b === target ? 'filled' : 'default'} aria-pressed={b === target} onClick={() => setTarget(b)}>
              {t('tables.split.bill_n', { bill: b })}
            </Button>
          ))}
          {count < FLOOR_LIMITS.bills && (
            <Button h={44} variant="light" onClick={() => setTarget(count + 1)}>
              {t('tables.split.new_bill')}
            </Button>
          )}
        </Group>
        <div className={classes.bills}>
          {bills.map((b) => (
            <Paper key={b} withBorder p="xs" component="section" aria-label={t('tables.split.bill_n', { bill: b })}>
              <Title order={3} fz="md" mb="xs">
                {t('tables.split.bill_n', { bill: b })}
              </Title>
              <Stack gap={6}>
                {(columns.get(b) ?? []).map(({ line, quantity }) => (
                  <Paper key={line.id} bg="var(--mantine-color-default-hover)" p={6}>
                    <Text size="sm" fw={600}>
                      <bdi>{formatQuantity(quantity)}</bdi> × {line.name}
                      {line.seat !== null && ` · ${t('tables.line.seat_n', { seat: line.seat })}`}
                    </Text>
                    {line.bill === b && b !== target && (
                      <Group gap={4} mt={4}>
                        {quantity > QTY_SCALE && (
                          <Button size="xs" h={36} variant="light" onClick={() => setMoves((m) => planMove(m, line, target, QTY_SCALE))}>
                            {t('tables.split.move_one', { bill: target })}
                          </Button>
                        )}
                        <Button size="xs" h={36} variant="light" onClick={() => setMoves((m) => planMove(m, line, target, null))}>
                          {t('tables.split.move_all', { bill: target })}
                        </Button>
                      </Group>
                    )}
                    {line.bill !== b && (
                      <Button
                        size="xs"
                        h={36}
                        mt={4}
                        variant="subtle"
                        onClick={() => setMoves((m) => m.filter((x) => !(x.lineId === line.id && x.bill === b)))}
                      >
                        {t('tables.split.undo')}
                      </Button>
                    )}
                  </Paper>
                ))}
              </Stack>
            </Paper>
          ))}
        </div>
        {action.error && (
          <Alert color="red" role="alert">
            {action.error.message}
          </Alert>
        )}
        <Group justify="space-between">
          <Group gap="xs">
            <Button
              h={48}
              variant="default"
              loading={action.isPending}
              onClick={() => action.mutate({ kind: 'split', body: { by: 'seat' } }, { onSuccess: done })}
            >
              {t('tables.split.by_seat')}
            </Button>
            <Button
              h={48}
              variant="default"
              loading={action.isPending}
              onClick={() => action.mutate({ kind: 'split', body: { by: 'join' } }, { onSuccess: done })}
            >
              {t('tables.split.join')}
            </Button>
          </Group>
          <Group gap="xs">
            <Button h={48} variant="default" onClick={onClose}>
              {t('tables.cancel')}
            </Button>
            <Button h={48} onClick={save} disabled={moves.length === 0} loading={action.isPending}>
              {t('tables.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
