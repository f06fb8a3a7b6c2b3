import { ActionIcon, Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '@posauto/shared/money/index';
import { DAY_KINDS, type DayKind } from '@posauto/shared/rooms/rates';
import { ROOM_LIMITS } from '@posauto/shared/schemas/rooms';
import { confirmAction } from '../../../components/crud/confirm-action';
import { notifySuccess } from '../../../lib/notify';
import { addBand, copyWeekday, flatBandIndex, sameBands, type BandDraft, type BandsByKind } from '../lib/plan-form';
import { DayBar } from './day-bar';
import css from './room-settings.module.css';

interface Props {
  bands: BandsByKind;
  currency: CurrencyCode;
  /** Translated messages by field path (bands.3.rate), the browser's and the server's. */
  errors: Record<string, string>;
  /** Translated: what is wrong with the bands as a whole (a gap, an overlap), or null. */
  planError: string | null;
  onChange(bands: BandsByKind): void;
}

/**
 * The rate plan: for each kind of day its bands (start, end, rate per hour), with a bar of the day that shows what
 * they cover. Times are typed as HH:MM (an end of 24:00 is midnight; an end at or before the start runs past
 * midnight), so the field takes what a browser's time picker cannot: 24:00.
 */
export function BandEditor({ bands, currency, errors, planError, onChange }: Props) {
  const { t } = useTranslation();
  const total = DAY_KINDS.reduce((n, k) => n + bands[k].length, 0);
  const full = total >= ROOM_LIMITS.bandsPerPlan;

  const setKind = (kind: DayKind, list: BandDraft[]) => onChange({ ...bands, [kind]: list });
  const setBand = (kind: DayKind, index: number, patch: Partial<BandDraft>) =>
    setKind(
      kind,
      bands[kind].map((b, i) => (i === index ? { ...b, ...patch } : b)),
    );
  const copy = () => {
    const done = () => {
      onChange(copyWeekday(bands));
      notifySuccess('room_settings.copied');
    };
    // Bands of their own on the weekend or holiday are asked about before they are replaced (nothing undoes it).
    if (sameBands(bands.weekend, bands.weekday) && sameBands(bands.holiday, bands.weekday)) return done();
    confirmAction({
      title: t('room_settings.copy_weekday'),
      text: t('room_settings.copy_confirm_text'),
      confirm: t('room_settings.copy_confirm'),
      onConfirm: done,
    });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div className={css.grow}>
          <Title order={3} size="h5">
            {t('room_settings.rates')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('room_settings.rates_hint')}
          </Text>
        </div>
        <Button size="xs" variant="light" leftSection={<IconCopy size={16} />} onClick={copy}>
          {t('room_settings.copy_weekday')}
        </Button>
      </Group>
      {planError && (
        <Alert color="red" role="alert" py="xs" tabIndex={-1}>
          {planError}
        </Alert>
      )}
      {DAY_KINDS.map((kind) => {
        const kindName = t(`room_settings.day_kinds.${kind}`);
        const headingId = `bands-${kind}`;
        return (
          <Paper key={kind} withBorder p="sm" radius="md" component="section" aria-labelledby={headingId}>
            <Title order={4} size="h6" id={headingId} mb={6}>
              {kindName}
            </Title>
            <DayBar kind={kindName} bands={bands[kind]} currency={currency} />
            <Stack gap="xs" mt="sm">
              {bands[kind].map((b, i) => {
                const at = `bands.${flatBandIndex(bands, kind, i)}`;
                const n = i + 1;
                return (
                  <div key={b.key} className={css.bandRow} role="group" aria-label={t('room_settings.band_of', { n, kind: kindName })}>
                    <Badge variant="light" circle size="lg" className={css.bandNumber} aria-hidden="true">
                      {n}
                    </Badge>
                    <TextInput
                      label={t('room_settings.start')}
                      size="sm"
                      className={css.clockField}
                      placeholder="HH:MM"
                      inputMode="numeric"
                      dir="ltr"
                      maxLength={5}
                      value={b.start}
                      onChange={(e) => setBand(kind, i, { start: e.currentTarget.value })}
                      error={errors[`${at}.start`]}
                    />
                    <TextInput
                      label={t('room_settings.end')}
                      size="sm"
                      className={css.clockField}
                      placeholder="HH:MM"
                      inputMode="numeric"
                      dir="ltr"
                      maxLength={5}
                      value={b.end}
                      onChange={(e) => setBand(kind, i, { end: e.currentTarget.value })}
                      error={errors[`${at}.end`]}
                    />
                    <TextInput
                      label={t('room_settings.rate')}
                      size="sm"
                      className={css.rateField}
                      inputMode="decimal"
                      dir="ltr"
                      rightSection={<Text size="xs">{currency}</Text>}
                      rightSectionWidth={44}
                      value={b.rate}
                      onChange={(e) => setBand(kind, i, { rate: e.currentTarget.value })}
                      error={errors[`${at}.rate`]}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      className={css.bandRemove}
                      disabled={bands[kind].length <= 1}
                      aria-label={t('room_settings.remove_band', { n, kind: kindName })}
                      onClick={() =>
                        setKind(
                          kind,
                          bands[kind].filter((_, j) => j !== i),
                        )
                      }
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </div>
                );
              })}
            </Stack>
            <Button
              mt="xs"
              size="xs"
              variant="subtle"
              leftSection={<IconPlus size={16} />}
              disabled={full}
              aria-label={t('room_settings.add_band_to', { kind: kindName })}
              onClick={() => setKind(kind, addBand(bands[kind]))}
            >
              {t('room_settings.add_band')}
            </Button>
          </Paper>
        );
      })}
      <Text size="xs" c="dimmed">
        {t('room_settings.add_band_hint')}
      </Text>
    </Stack>
  );
}
