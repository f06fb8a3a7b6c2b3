import { describe, expect, it } from 'vitest';
import { barSegments } from './day-bar';

const b = (start: string, end: string) => ({ start, end });

describe('the 24-hour bar of a kind of day', () => {
  it('shows one band over the whole day', () => {
    expect(barSegments([b('00:00', '24:00')])).toEqual([{ from: 0, to: 1440, kind: 'band', bands: [1] }]);
  });

  it('shows a band crossing midnight at both ends of the bar', () => {
    expect(barSegments([b('18:00', '02:00'), b('02:00', '18:00')])).toEqual([
      { from: 0, to: 120, kind: 'band', bands: [1] },
      { from: 120, to: 1080, kind: 'band', bands: [2] },
      { from: 1080, to: 1440, kind: 'band', bands: [1] },
    ]);
  });

  it('shows where no band is', () => {
    expect(barSegments([b('10:00', '18:00')])).toEqual([
      { from: 0, to: 600, kind: 'gap', bands: [] },
      { from: 600, to: 1080, kind: 'band', bands: [1] },
      { from: 1080, to: 1440, kind: 'gap', bands: [] },
    ]);
    expect(barSegments([])).toEqual([{ from: 0, to: 1440, kind: 'gap', bands: [] }]);
  });

  it('shows where bands overlap, and which', () => {
    expect(barSegments([b('00:00', '13:00'), b('12:00', '24:00'), b('12:30', '12:45')])).toEqual([
      { from: 0, to: 720, kind: 'band', bands: [1] },
      { from: 720, to: 750, kind: 'overlap', bands: [1, 2] },
      { from: 750, to: 765, kind: 'overlap', bands: [1, 2, 3] },
      { from: 765, to: 780, kind: 'overlap', bands: [1, 2] },
      { from: 780, to: 1440, kind: 'band', bands: [2] },
    ]);
  });

  it('leaves out a band whose times are not readable yet', () => {
    expect(barSegments([b('00:00', '24:00'), b('9', '10:00'), b('24:00', '01:00'), b('05:00', '05:00')])).toEqual([
      { from: 0, to: 1440, kind: 'band', bands: [1] },
    ]);
  });
});
