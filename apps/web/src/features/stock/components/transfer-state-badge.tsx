import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TransferState } from '@posauto/shared/schemas/stock';

const COLORS: Record<TransferState, string> = { sent: 'blue', received: 'teal', void: 'gray' };

/** A transfer's state: on its way, received, or cancelled. */
export function TransferStateBadge({ state }: { state: TransferState }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[state]} data-testid="transfer-state">
      {t(`stock.transfer.state_${state}`)}
    </Badge>
  );
}
