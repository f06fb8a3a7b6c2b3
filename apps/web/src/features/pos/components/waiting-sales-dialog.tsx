// The list of the till's waiting sales, loaded when first opened (till-status.tsx).
import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@posauto/shared/i18n/index';
import { parseDecimal, type CurrencyCode } from '@posauto/shared/money/index';
import { moneyText } from '../../../components/selling/lib/money-text';
import { formatDateTime } from '../../../lib/format';
import { deleteEntry, nudgeSender, OFFLINE_LIMITS, offlineLimitReached, type OutboxEntry, type OutboxState } from '../lib/outbox';

const HOUR = 3_600_000;

/** What a waiting sale's total reads: its text in the sale's currency, as the till showed it. */
function totalText(e: OutboxEntry, lang: Language): string {
  const currency: CurrencyCode = e.currency === 'KHR' ? 'KHR' : 'USD';
  try {
    return moneyText(parseDecimal(e.total, currency === 'KHR' ? 0 : 2, 'half-up'), currency, lang);
  } catch {
    return e.total;
  }
}

/** How much of the limits of selling offline is left: said always, in orange past four fifths, red once reached. */
function Limits({ outbox }: { outbox: OutboxState }) {
  const { t } = useTranslation();
  const reached = offlineLimitReached(outbox);
  const hoursLeft = outbox.oldest === null ? OFFLINE_LIMITS.hours : Math.max(0, OFFLINE_LIMITS.hours - (Date.now() - outbox.oldest) / HOUR);
  const salesLeft = Math.max(0, OFFLINE_LIMITS.sales - outbox.waiting);
  const near = hoursLeft < OFFLINE_LIMITS.hours / 5 || salesLeft < OFFLINE_LIMITS.sales / 5;
  if (reached)
    return (
      <Alert color="red" data-testid="pos-outbox-limit">
        {t(`tills.outbox.limit_${reached}`, { hours: OFFLINE_LIMITS.hours, sales: OFFLINE_LIMITS.sales })}
      </Alert>
    );
  return (
    <Alert color={near ? 'orange' : 'gray'} data-testid="pos-outbox-limit">
      {t('tills.outbox.limits', { hours: OFFLINE_LIMITS.hours, sales: OFFLINE_LIMITS.sales })}{' '}
      {outbox.waiting > 0 && t('tills.outbox.limits_left', { hours: Math.floor(hoursLeft), sales: salesLeft })}
    </Alert>
  );
}

function EntryRow({ entry, lang }: { entry: OutboxEntry; lang: Language }) {
  const { t } = useTranslation();
  const [confirm, setConfirm] = useState(false);
  return (
    <Table.Tr data-testid="pos-outbox-row" data-state={entry.state}>
      <Table.Td>
        <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
          {entry.number}
        </bdi>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at, lang)}</Table.Td>
      <Table.Td ta="end">
        <bdi dir="ltr">{totalText(entry, lang)}</bdi>
      </Table.Td>
      <Table.Td>
        {entry.state === 'waiting' ? (
          <Badge color="blue" variant="light">
            {t('tills.outbox.state_waiting')}
          </Badge>
        ) : (
          <Stack gap={4}>
            <Badge color="red" variant="light">
              {t('tills.outbox.state_refused')}
            </Badge>
            <Text fz="sm">{entry.error}</Text>
            {/* A refused sale stays until a manager has booked it by hand: removing it asks twice. */}
            <Button
              size="compact-sm"
              variant={confirm ? 'filled' : 'default'}
              color="red"
              onClick={() => (confirm ? void deleteEntry(entry.key) : setConfirm(true))}
            >
              {confirm ? t('tills.outbox.remove_confirm') : t('tills.outbox.remove')}
            </Button>
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The sales completed at this till and not yet on the server, oldest first: each with its receipt number, when it was
 * made, its total and where it stands (waiting; or refused, with the server's reason). Sent by themselves; "Send now"
 * asks at once. The limits of selling offline, and how much of them is left.
 */
export function WaitingSalesDialog({ outbox, online, onClose }: { outbox: OutboxState; online: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'km';
  return (
    <Modal opened onClose={onClose} title={t('tills.outbox.title')} size="lg" centered closeButtonProps={{ 'aria-label': t('pos.close') }}>
      <Stack gap="sm" data-testid="pos-outbox">
        <Text fw={600} c={online ? 'teal' : 'orange'} role="status">
          {online ? t('tills.outbox.online_text') : t('tills.outbox.offline_text')}
        </Text>
        <Limits outbox={outbox} />
        {outbox.entries.length === 0 ? (
          <Text c="dimmed" data-testid="pos-outbox-empty">
            {t('tills.outbox.empty')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah="50vh">
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('tills.outbox.number')}</Table.Th>
                  <Table.Th>{t('tills.outbox.time')}</Table.Th>
                  <Table.Th ta="end">{t('pos.total')}</Table.Th>
                  <Table.Th>{t('tills.outbox.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {outbox.entries.map((e) => (
                  <EntryRow key={e.key} entry={e} lang={lang} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end">
          {outbox.waiting > 0 && (
            <Button variant="default" onClick={nudgeSender} data-testid="pos-outbox-send">
              {t('tills.outbox.send_now')}
            </Button>
          )}
          <Button onClick={onClose} data-autofocus>
            {t('pos.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
