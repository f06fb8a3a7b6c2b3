/**
 * The band editor and the lists drawn once on the server (no DOM here): each kind of day gets its bar and its rows, and
 * a gap or an overlap is said in words, not only in colour. The app's session store listens to `window` when loaded: a
 * stub.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RoomType } from '@posauto/shared/schemas/rooms';
import { beforeAll, describe, expect, it } from 'vitest';
import { band, newTypeDraft } from '../lib/plan-form';

let BandEditor: typeof import('./band-editor').BandEditor;
let TypePanel: typeof import('./type-panel').TypePanel;
let HolidayPanel: typeof import('./holiday-panel').HolidayPanel;
beforeAll(async () => {
  const store = new Map<string, string>();
  Object.assign(globalThis, {
    window: { addEventListener() {}, location: { pathname: '/room-setting' } },
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: () => {},
    },
  });
  ({ BandEditor } = await import('./band-editor'));
  ({ TypePanel } = await import('./type-panel'));
  ({ HolidayPanel } = await import('./holiday-panel'));
});

/** A tree as the app draws it: Mantine and react-query around it. */
const draw = (node: ReturnType<typeof createElement>) =>
  renderToStaticMarkup(createElement(QueryClientProvider, { client: new QueryClient() }, createElement(MantineProvider, null, node)));

describe('the band editor (server render)', () => {
  it('draws each kind of day with its bar, its bands, and words for a gap and an overlap', () => {
    const bands = newTypeDraft().bands;
    bands.weekday = [band('00:00', '13:00', '5'), band('12:00', '20:00', '6')];
    const html = draw(
      createElement(BandEditor, {
        bands,
        currency: 'USD',
        errors: { 'bands.1.end': 'Too late' },
        planError: 'Overlap!',
        onChange: () => {},
      }),
    );
    expect(html).toContain('Overlap!');
    expect(html).toContain('Too late');
    expect(html).toContain('room_settings.bar_overlap');
    expect(html).toContain('room_settings.bar_gap');
    // Two weekday bands, one weekend, one holiday: a labelled group each.
    expect((html.match(/role="group"/g) ?? []).length).toBe(4);
  });
});

describe('the lists (server render)', () => {
  it('lists the room types with their rules', () => {
    const type: RoomType = {
      id: 't1',
      name: 'VIP',
      bands: [],
      block_minutes: 15,
      first_block_minutes: 60,
      grace_minutes: 5,
      min_spend: '0.00',
      cleaning_minutes: 0,
      sort_order: 0,
      room_count: 3,
    };
    const html = draw(createElement(TypePanel, { types: [type], currency: 'USD' }));
    expect(html).toContain('VIP');
    expect(html).toContain('room_settings.by_hand');
    expect(html).toContain('common.none');
  });

  it('lists the holidays in date order', () => {
    const html = draw(
      createElement(HolidayPanel, {
        holidays: [
          { date: '2026-04-14', name: 'Khmer New Year' },
          { date: '2026-01-01', name: 'New year' },
        ],
      }),
    );
    expect(html.indexOf('2026-01-01')).toBeLessThan(html.indexOf('2026-04-14'));
    expect(html).toContain('Khmer New Year');
  });
});
