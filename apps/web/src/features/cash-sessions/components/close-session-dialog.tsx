import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CASH_CURRENCIES,
  CASH_NOTES,
  closeCashSessionInputSchema,
  type CashCurrency,
  type CashSessionDetail,
  type CloseCashSessionInput,
} from '@posauto/shared/schemas/cash-sessions';
import { FormActions } from '../../../components/crud/form-actions';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money-format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { zodValidator } from '../../../lib/zod-form';
import { useCloseCashSession } from '../api/cash-sessions';
import { apiMinor, formatCashMinor, minorText, typedMinor } from '../lib/cash-money';
import { printCashReport } from '../lib/print-report';

type Counts = Record<CashCurrency, Record<string, number>>;
const noteMinor = (currency: CashCurrency, note: number) => (currency === 'USD' ? note * 100 : note);
const countsTotal = (currency: CashCurrency, counts: Record<string, number>) =>
  Object.entries(counts).reduce((sum, [note, n]) => sum + noteMinor(currency, Number(note)) * (n || 0), 0);
const anyCounted = (counts: Record<string, number>) => Object.values(counts).some((n) => n > 0);

/** A figure not shown yet: dots on screen, the reason for a screen reader. */
const Hidden = ({ label }: { label: string }) => (
  <>
    <span aria-hidden="true">•••</span>
    <VisuallyHidden>{label}</VisuallyHidden>
  </>
);

/**
 * One currency: the note-by-note helper, the counted amount, and expected against counted. `blind`: the count comes
 * first, expected and the difference stay hidden until the cashier has counted (a blind count).
 */
function CurrencyCount({
  currency,
  expected,
  blind,
  counts,
  onCounts,
  typed,
  onTyped,
  error,
}: {
  currency: CashCurrency;
  expected: number;
  blind: boolean;
  counts: Record<string, number>;
  onCounts: (c: Record<string, number>) => void;
  typed: string;
  onTyped: (v: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const byNotes = anyCounted(counts);
  // With notes counted, the counted amount is their sum; without, what the cashier types.
  const counted = byNotes ? countsTotal(currency, counts) : typedMinor(currency, typed);
  const difference = counted === null ? null : counted - expected;
  const money = (minor: number) => formatCashMinor(currency, minor, lang);
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`count-${currency}`}>
      <Title order={4} size="h5" mb="xs">
        {t(`cash.currencies.${currency}`)}
      </Title>
      <Table verticalSpacing={4} horizontalSpacing="xs" aria-label={t('cash.count_by_note_of', { currency })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('cash.note_value')}</Table.Th>
            <Table.Th>{t('cash.note_count')}</Table.Th>
            <Table.Th style={{ textAlign: 'end' }}>{t('cash.subtotal')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {CASH_NOTES[currency].map((note) => {
            const n = counts[String(note)] ?? 0;
            const label = formatMoney(noteMinor(currency, note), currency, lang);
            return (
              <Table.Tr key={note}>
                <Table.Td dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                  {label}
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={t('cash.notes_of', { note: label })}
                    min={0}
                    max={100000}
                    allowDecimal={false}
                    allowNegative={false}
                    value={n || ''}
                    onChange={(v) => onCounts({ ...counts, [String(note)]: typeof v === 'number' ? v : Number(v) || 0 })}
                    size="xs"
                    w={90}
                    data-testid={`note-${currency}-${note}`}
                  />
                </Table.Td>
                <Table.Td dir="ltr" style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
                  {n ? money(noteMinor(currency, note) * n) : '—'}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <TextInput
        mt="sm"
        label={t(currency === 'USD' ? 'cash.counted_usd' : 'cash.counted_khr')}
        description={byNotes ? t('cash.counted_from_notes') : undefined}
        withAsterisk
        inputMode="decimal"
        dir="ltr"
        rightSection={currency}
        rightSectionWidth={48}
        readOnly={byNotes}
        value={byNotes ? minorText(currency, counted ?? 0) : typed}
        onChange={(e) => onTyped(e.currentTarget.value)}
        error={error}
        data-testid={`counted-${currency}`}
      />
      <SimpleGrid cols={3} mt="sm" spacing="xs">
        <div>
          <Text size="xs" c="dimmed">
            {t('cash.figures.expected')}
          </Text>
          <Text fw={600} dir="ltr" data-testid={`expected-${currency}`}>
            {blind ? <Hidden label={t('cash.blind_hidden')} /> : money(expected)}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('cash.figures.counted')}
          </Text>
          <Text fw={600} dir="ltr">
            {counted === null ? '—' : money(counted)}
          </Text>
        </div>
        <div aria-live="polite">
          <Text size="xs" c="dimmed">
            {t('cash.figures.difference')}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Text
              fw={700}
              dir="ltr"
              c={!blind && difference ? (difference > 0 ? 'teal.8' : 'red.8') : undefined}
              data-testid={`difference-${currency}`}
            >
              {blind ? <Hidden label={t('cash.blind_hidden')} /> : difference === null ? '—' : money(difference)}
            </Text>
            {!blind && difference !== null && (
              <Badge size="xs" variant="light" color={difference === 0 ? 'gray' : difference > 0 ? 'teal' : 'red'}>
                {t(difference === 0 ? 'cash.balanced' : difference > 0 ? 'cash.over' : 'cash.short')}
              </Badge>
            )}
          </Group>
        </div>
      </SimpleGrid>
    </Paper>
  );
}

function CloseForm({
  session,
  onClose,
  onClosed,
}: {
  session: CashSessionDetail;
  onClose: () => void;
  onClosed?: (s: CashSessionDetail) => void;
}) {
  const { t } = useTranslation();
  const close = useCloseCashSession();
  const [counts, setCounts] = useState<Counts>({ USD: {}, KHR: {} });
  const [typed, setTyped] = useState<Record<CashCurrency, string>>({ USD: '', KHR: '' });
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // A blind count: what the drawer should hold shows only once the cashier has counted what it does hold.
  const [revealed, setRevealed] = useState(false);
  const [print, setPrint] = useState(true);
  const expected: Record<CashCurrency, number> = { USD: apiMinor('USD', session.expected_usd), KHR: apiMinor('KHR', session.expected_khr) };

  const input = (): CloseCashSessionInput => {
    const amount = (c: CashCurrency) => (anyCounted(counts[c]) ? minorText(c, countsTotal(c, counts[c])) : typed[c].trim());
    const used = (c: CashCurrency) =>
      anyCounted(counts[c]) ? Object.fromEntries(Object.entries(counts[c]).filter(([, n]) => n > 0)) : undefined;
    const notes = { USD: used('USD'), KHR: used('KHR') };
    return {
      counted_usd: amount('USD'),
      counted_khr: amount('KHR'),
      counted_notes: notes.USD || notes.KHR ? notes : null,
      note,
    };
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = input();
    const problems = zodValidator(closeCashSessionInputSchema, t)(body);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    if (!revealed) {
      setRevealed(true);
      return;
    }
    setSaving(true);
    try {
      const res = await close.mutateAsync({ id: session.id, input: body });
      notifySuccess('cash.messages.closed');
      onClosed?.(res.data);
      onClose();
      // The end-of-day report on the till's 80 mm roll; the session is closed whatever the printer does.
      if (print) await printCashReport(res.data, 80).catch(notifyError);
    } catch (err) {
      if (err instanceof ApiError && err.errors && Object.keys(err.errors).length) setErrors(err.errors);
      else notifyError(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate data-testid="close-session-form">
      <Stack>
        <Text size="sm" c="dimmed">
          {t(revealed ? 'cash.close_help' : 'cash.blind_help')}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {CASH_CURRENCIES.map((c) => (
            <CurrencyCount
              key={c}
              currency={c}
              expected={expected[c]}
              blind={!revealed}
              counts={counts[c]}
              onCounts={(next) => setCounts((p) => ({ ...p, [c]: next }))}
              typed={typed[c]}
              onTyped={(v) => setTyped((p) => ({ ...p, [c]: v }))}
              error={errors[c === 'USD' ? 'counted_usd' : 'counted_khr'] ?? errors[`counted_notes.${c}`]}
            />
          ))}
        </SimpleGrid>
        {revealed && (
          <Alert color="blue" data-testid="count-revealed">
            {t('cash.revealed_help')}
          </Alert>
        )}
        <Textarea
          label={t('cash.close_note')}
          autosize
          minRows={2}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={errors.note}
        />
        <Checkbox
          label={t('cash.print_on_close')}
          checked={print}
          onChange={(e) => setPrint(e.currentTarget.checked)}
          data-testid="print-on-close"
        />
        <Group justify="space-between">
          <Button
            variant="subtle"
            onClick={() => {
              setCounts({ USD: {}, KHR: {} });
              setTyped({ USD: '', KHR: '' });
              setRevealed(false);
            }}
          >
            {t('cash.clear_count')}
          </Button>
          {revealed ? (
            <FormActions saving={saving} onCancel={onClose} mt={0} />
          ) : (
            <Group gap="sm">
              <Button variant="default" onClick={onClose} data-testid="cancel">
                {t('common.cancel')}
              </Button>
              <Button type="submit" data-testid="show-expected">
                {t('cash.show_expected')}
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Closing a session: each currency counted note by note (or typed as one amount) first, blind; then expected, counted
 * and the difference, which follow any recount; then the close, which prints the end-of-day report on 80 mm paper.
 * What the server freezes is what this shows.
 */
export function CloseSessionDialog({
  opened,
  onClose,
  session,
  onClosed,
  waitingSales = 0,
}: {
  opened: boolean;
  onClose: () => void;
  session: CashSessionDetail | null;
  onClosed?: (session: CashSessionDetail) => void;
  /** Sales made at this till and not yet on the server (issue #26): closing now is allowed, and warned about. */
  waitingSales?: number;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`${t('cash.close_session')}${session ? ` · ${session.session_number}` : ''}`}
      size="xl"
      centered
    >
      {opened && waitingSales > 0 && (
        // They count in this session when they arrive; its expected cash and difference then change.
        <Alert color="orange" mb="md" data-testid="close-waiting-sales">
          {t('cash.waiting_sales', { count: waitingSales })}
        </Alert>
      )}
      {opened && session && <CloseForm session={session} onClose={onClose} onClosed={onClosed} />}
    </Modal>
  );
}
