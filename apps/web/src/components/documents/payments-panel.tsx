import type { ReactNode } from 'react';
import { ActionIcon, Paper, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../ltr';
import { formatDate } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';

/** A payment as the panel lists it: the day, the method's name, the amount already written, and its note. */
export interface PaymentRow {
  id: string;
  paid_on: string;
  method: string;
  amount: string;
  note: string;
}

export interface PaymentsPanelProps {
  title: string;
  /** Said instead of the table while nothing is paid. */
  empty: string;
  /** The last column's heading: a sale's payments carry a reference, a purchase's a note. */
  noteLabel: string;
  labels: { paidOn: string; method: string; amount: string };
  rows: readonly PaymentRow[];
  tableTestId: string;
  /** A payment that may be taken back: its button's accessible name and what it does (the caller confirms). */
  remove?: { label: (row: PaymentRow) => string; onRemove: (row: PaymentRow) => void };
  /** In a page: a framed panel; in a drawer: bare, like the drawer's other sections. */
  framed?: boolean;
  /** The form that adds a payment, under the list, when one may be added. */
  children?: ReactNode;
}

/** The payments of a saved document (a sale, an invoice, a purchase), and the form that adds one when it may. */
export function PaymentsPanel(props: PaymentsPanelProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { rows, remove, labels } = props;
  const body = (
    <>
      <Title order={3} size="h5" mb={props.framed ? 'sm' : 'xs'}>
        {props.title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {props.empty}
        </Text>
      ) : (
        <Table verticalSpacing="xs" data-testid={props.tableTestId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{labels.paidOn}</Table.Th>
              <Table.Th>{labels.method}</Table.Th>
              <Table.Th style={{ textAlign: 'end' }}>{labels.amount}</Table.Th>
              <Table.Th>{props.noteLabel}</Table.Th>
              {remove && <Table.Th className="no-print">{t('common.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{formatDate(`${row.paid_on}T12:00:00Z`, lang)}</Table.Td>
                <Table.Td>{row.method}</Table.Td>
                <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
                  <Ltr>{row.amount}</Ltr>
                </Table.Td>
                <Table.Td>{row.note || '—'}</Table.Td>
                {remove && (
                  <Table.Td className="no-print">
                    <ActionIcon variant="subtle" color="red" aria-label={remove.label(row)} onClick={() => remove.onRemove(row)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {props.children}
    </>
  );
  return props.framed ? (
    <Paper withBorder p="md" radius="md">
      {body}
    </Paper>
  ) : (
    <div>{body}</div>
  );
}
