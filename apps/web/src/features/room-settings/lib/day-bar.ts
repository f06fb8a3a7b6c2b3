import { parseClock } from '@posauto/shared/schemas/rooms';
import { pieces } from './plan-form';

/** A stretch of one kind of day in the 24-hour preview: minutes [from, to) and the bands (numbered from 1) on it. */
export interface BarSegment {
  from: number;
  to: number;
  /** 'gap': no band covers it (no rate); 'overlap': two or more bands do (which rate?). */
  kind: 'band' | 'gap' | 'overlap';
  bands: number[];
}

const DAY = 1440;

/**
 * The 24-hour bar of one kind of day: the clock cut wherever a band starts or ends, each stretch with the bands that
 * cover it, neighbours with the same bands joined. A band crossing midnight shows at both ends of the bar; a band whose
 * times are not readable yet is left out (its field says why).
 */
export function barSegments(bands: readonly { start: string; end: string }[]): BarSegment[] {
  const covers: { band: number; from: number; to: number }[] = [];
  bands.forEach((b, i) => {
    const start = parseClock(b.start.trim());
    const end = parseClock(b.end.trim());
    if (start === null || end === null || start >= DAY || start === end) return;
    for (const [from, to] of pieces(start, end)) covers.push({ band: i + 1, from, to });
  });
  const cuts = [...new Set([0, DAY, ...covers.flatMap((c) => [c.from, c.to])])].sort((a, b) => a - b);
  const out: BarSegment[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const from = cuts[i]!;
    const to = cuts[i + 1]!;
    const on = [...new Set(covers.filter((c) => c.from <= from && from < c.to).map((c) => c.band))].sort((a, b) => a - b);
    const kind = on.length === 0 ? 'gap' : on.length === 1 ? 'band' : 'overlap';
    const last = out.at(-1);
    if (last && last.kind === kind && last.bands.join() === on.join()) last.to = to;
    else out.push({ from, to, kind, bands: on });
  }
  return out;
}
