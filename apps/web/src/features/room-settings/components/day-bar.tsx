import { Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '@posauto/shared/money/index';
import { formatClock } from '@posauto/shared/schemas/rooms';
import { Ltr } from '../../../components/ltr';
import { currentLanguage } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money-format';
import { barSegments, type BarSegment } from '../lib/day-bar';
import { rateMinor, type BandDraft } from '../lib/plan-form';
import css from './room-settings.module.css';

const DAY = 1440;
const TICKS = [0, 360, 720, 1080, 1440];
const pct = (minutes: number) => `${(minutes * 100) / DAY}%`;

/**
 * One kind of day at a glance: a 24-hour bar of its bands, and the same in words below it. The bar marks a stretch
 * without a rate and one with two rates by pattern and a label, not by colour alone; the list says it in full, and is
 * what a screen reader reads (the bar itself is hidden from it). The bar runs left to right in every language, as the
 * HH:MM times it is read with.
 */
export function DayBar({ kind, bands, currency }: { kind: string; bands: readonly BandDraft[]; currency: CurrencyCode }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const segments = barSegments(bands);

  const rateOf = (n: number) => {
    const minor = rateMinor(bands[n - 1]?.rate ?? '', currency);
    return minor === null ? '' : t('room_settings.per_hour', { amount: formatMoney(minor, currency, lang) });
  };
  const short = (s: BarSegment) =>
    s.kind === 'gap' ? t('room_settings.gap_short') : s.kind === 'overlap' ? s.bands.join('+') : String(s.bands[0]);
  /** What a stretch is, in words (its times are written beside it). */
  const words = (s: BarSegment) => {
    if (s.kind === 'gap') return t('room_settings.bar_gap');
    if (s.kind === 'overlap') return t('room_settings.bar_overlap', { bands: s.bands.join(', ') });
    const rate = rateOf(s.bands[0]!);
    return rate ? t('room_settings.bar_band_rate', { band: s.bands[0], rate }) : t('room_settings.bar_band', { band: s.bands[0] });
  };
  const span = (s: BarSegment) => `${formatClock(s.from)}–${formatClock(s.to)}`;

  return (
    <div>
      <div className={css.bar} dir="ltr" aria-hidden="true">
        {segments.map((s) => (
          <div
            key={`${s.from}-${s.kind}`}
            className={css.segment}
            data-kind={s.kind}
            data-tone={s.kind === 'band' ? (s.bands[0]! - 1) % 4 : undefined}
            style={{ width: pct(s.to - s.from) }}
            title={`${span(s)} ${words(s)}`}
          >
            <span className={css.segmentLabel}>{short(s)}</span>
          </div>
        ))}
      </div>
      <div className={css.ticks} dir="ltr" aria-hidden="true">
        {TICKS.map((m) => (
          <span key={m} style={{ left: pct(m) }} data-edge={m === 0 ? 'start' : m === DAY ? 'end' : undefined}>
            {formatClock(m)}
          </span>
        ))}
      </div>
      <ul className={css.legend} aria-label={t('room_settings.preview_of', { kind })}>
        {segments.map((s) => (
          <li key={`${s.from}-${s.kind}`} data-kind={s.kind}>
            {s.kind !== 'band' && <IconAlertTriangle size={14} aria-hidden="true" className={css.legendIcon} />}
            <Text span size="xs" fw={s.kind === 'band' ? undefined : 600}>
              <Ltr>{span(s)}</Ltr> {words(s)}
            </Text>
          </li>
        ))}
      </ul>
    </div>
  );
}
