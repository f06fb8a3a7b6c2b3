import { useState } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Menu, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconEdit, IconPrinter, IconTransform } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SaleDetail } from '@posauto/shared/schemas/sales';
import { Ltr } from '../../../components/ltr';
import { PageHeader } from '../../../components/page-header';
import { TotalsPanel } from '../../../components/documents/totals-panel';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useAddDocumentPayment, useDocument, useScreenOptions } from '../api/sale-documents';
import { documentTotalLines } from '../lib/detail-totals';
import { saleMoney } from '../lib/sale-money';
import { ConvertDialog } from './convert-dialog';
import { PaymentBadge, StatusBadge } from './document-list';
import { SalePayments } from './sale-payments';

export type PrintPaper = 58 | 80 | 'a4';

export interface DocumentDetailProps {
  id: string | undefined;
  /** Printing lives in the receipts feature: the screen hands it in. */
  onPrint: (id: string, paper: PrintPaper) => void;
  printing: boolean;
  canPay: boolean;
  canConvert: boolean;
  canEdit: boolean;
  /** The page heading; default: the route's title. */
  embedded?: boolean;
}

/** A saved sale, invoice or quotation, read-only (saved documents are never edited in place) with its actions. */
export function DocumentDetail(props: DocumentDetailProps) {
  const { t } = useTranslation();
  const doc = useDocument(props.id);
  if (doc.isLoading) {
    return (
      <Center h={200}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!doc.data) {
    return (
      <>
        {!props.embedded && <PageHeader />}
        <Alert color="orange">{t('sales_ui.not_found')}</Alert>
      </>
    );
  }
  return <Body {...props} s={doc.data} />;
}

function Body({ s, onPrint, printing, canPay, canConvert, canEdit, embedded }: DocumentDetailProps & { s: SaleDetail }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [converting, setConverting] = useState(false);
  const quotation = s.document === 'quotation';
  const money = (v: string) => saleMoney(v, s.currency, lang);
  const editable = s.document === 'invoice' && s.status === 'completed' && s.payment_status === 'unpaid';
  return (
    <Stack data-testid="document-detail">
      {!embedded && <PageHeader title={`${t(`sale_docs.document.${s.document}`)} ${s.invoice_number}`} />}
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Title order={3} size="h4" data-testid="doc-number">
            {s.invoice_number}
          </Title>
          <StatusBadge status={s.status} />
          {!quotation && <PaymentBadge status={s.payment_status} />}
          <Badge variant="outline">{t(`sales_ui.sale_type.${s.sale_type}`)}</Badge>
        </Group>
        <Group gap="xs">
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" leftSection={<IconPrinter size={16} />} loading={printing} data-testid="doc-print">
                {t('sales_ui.print')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => onPrint(s.id, 'a4')}>{t('sales_ui.print_a4')}</Menu.Item>
              <Menu.Item onClick={() => onPrint(s.id, 80)}>{t('sales_ui.print_80')}</Menu.Item>
              <Menu.Item onClick={() => onPrint(s.id, 58)}>{t('sales_ui.print_58')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          {canEdit && editable && (
            <Button variant="default" component={Link} to={`/invoice-listing/edit/${s.id}`} leftSection={<IconEdit size={16} />}>
              {t('sale_docs.edit')}
            </Button>
          )}
          {quotation && canConvert && s.status === 'open' && (
            <Button leftSection={<IconTransform size={16} />} onClick={() => setConverting(true)} data-testid="doc-convert">
              {t('sale_docs.convert')}
            </Button>
          )}
        </Group>
      </Group>

      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Field label={t('sales_ui.date')} value={formatDate(`${s.sale_date}T12:00:00Z`, lang)} />
          <Field label={t('sales_ui.customer')} value={s.customer_name} />
          <Field label={t('sales_ui.branch')} value={s.branch_name} />
          <Field label={t('sales_ui.cashier')} value={s.cashier_name ?? '—'} />
        </SimpleGrid>
        {s.note && <Field label={t('sales_ui.note')} value={s.note} />}
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" data-testid="doc-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sales_ui.item')}</Table.Th>
                <Table.Th style={{ textAlign: 'end' }}>{t('sales_ui.quantity')}</Table.Th>
                <Table.Th style={{ textAlign: 'end' }}>{t('sales_ui.unit_price')}</Table.Th>
                <Table.Th style={{ textAlign: 'end' }}>{t('sales_ui.discount')}</Table.Th>
                <Table.Th style={{ textAlign: 'end' }}>{t('sales_ui.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.product_name}</Table.Td>
                  <Table.Td style={{ textAlign: 'end' }}>
                    <Ltr>{`${l.quantity} ${l.unit_name ?? ''}`}</Ltr>
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
                    <Ltr>{money(l.unit_price)}</Ltr>
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
                    <Ltr>{money(l.line_discount)}</Ltr>
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
                    <Ltr>{money(l.net_amount)}</Ltr>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end" mt="md">
          <TotalsPanel lines={documentTotalLines(s, t, lang)} w={{ base: '100%', sm: 380 }} />
        </Group>
      </Paper>

      {!quotation && <DocumentPayments sale={s} canPay={canPay} />}
      <ConvertDialog quotation={converting ? s : null} onClose={() => setConverting(false)} />
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}

/** An invoice's or a sale's payments (a quotation has none, and asks for no payment method). */
function DocumentPayments({ sale, canPay }: { sale: SaleDetail; canPay: boolean }) {
  const options = useScreenOptions();
  const add = useAddDocumentPayment();
  return <SalePayments sale={sale} canPay={canPay} add={add} methods={options.data?.payment_methods ?? []} place="document" />;
}
