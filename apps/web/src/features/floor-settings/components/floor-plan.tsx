import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FloorArea, FloorTable } from '@posauto/shared/schemas/restaurant';
import hidden from '../../../components/sr-only.module.css';
import { notifyError } from '../../../lib/notify';
import { useSavePositions } from '../api/floor';
import { cellAtPointer, clampCell, footprint, moveByKey, PLAN, type Cell } from '../lib/plan';
import css from './floor.module.css';

/** A length of the plan as a share of its side (the plan is square). */
const pct = (cells: number) => `${(cells * 100) / PLAN}%`;
/** Arrow keys pressed one after another are saved together, this long after the last. */
const SAVE_AFTER_MS = 700;

/**
 * The plan of one area: a grid of PLAN x PLAN cells. A table is dragged with the pointer (it snaps to the cells) or,
 * once focused, moved a cell per arrow key (five with Shift); the new place is said in a live region and saved with
 * PUT /api/v1/floor/positions. The plan is drawn left to right in every language: it is a picture of the room. It is
 * square and as wide as its column; tables are placed and sized in percent of it, so every table is always in view.
 */
export function FloorPlan({ area, tables }: { area: FloorArea; tables: FloorTable[] }) {
  const { t } = useTranslation();
  const save = useSavePositions();
  const [moved, setMoved] = useState<Record<string, Cell>>({});
  const [drag, setDrag] = useState<{ id: string; grab: Cell } | null>(null);
  const [said, setSaid] = useState('');
  const plan = useRef<HTMLDivElement>(null);
  const pending = useRef(new Map<string, Cell>());
  const timer = useRef<number | undefined>(undefined);

  const cellOf = (table: FloorTable) => clampCell(moved[table.id] ?? { x: table.x, y: table.y }, table.shape);

  const flush = () => {
    window.clearTimeout(timer.current);
    const list = [...pending.current].map(([id, c]) => ({ id, x: c.x, y: c.y }));
    pending.current.clear();
    if (list.length === 0) return;
    save.mutate(
      { tables: list },
      {
        onError: (e) => {
          notifyError(e);
          setMoved({});
        },
      },
    );
  };
  const flushRef = useRef(flush);
  flushRef.current = flush;
  // Leaving the area (or the screen) saves what is still waiting.
  useEffect(() => () => flushRef.current(), []);

  const place = (table: FloorTable, cell: Cell, saveAfter: number | null) => {
    setMoved((m) => ({ ...m, [table.id]: cell }));
    pending.current.set(table.id, cell);
    window.clearTimeout(timer.current);
    if (saveAfter !== null) timer.current = window.setTimeout(() => flushRef.current(), saveAfter);
  };
  const say = (table: FloorTable, cell: Cell) =>
    setSaid(t('floor_settings.moved', { name: table.name, column: cell.x + 1, row: cell.y + 1 }));

  const onKeyDown = (e: KeyboardEvent, table: FloorTable) => {
    const next = moveByKey(cellOf(table), e.key, table.shape, e.shiftKey);
    if (!next) return;
    e.preventDefault();
    place(table, next, SAVE_AFTER_MS);
    say(table, next);
  };
  const onPointerDown = (e: PointerEvent<HTMLButtonElement>, table: FloorTable) => {
    if (e.button !== 0) return;
    const rect = e.currentTarget.getBoundingClientRect();
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({ id: table.id, grab: { x: e.clientX - rect.left, y: e.clientY - rect.top } });
  };
  const onPointerMove = (e: PointerEvent, table: FloorTable) => {
    if (drag?.id !== table.id || !plan.current) return;
    // The plan is drawn at the column's width: a cell is its rendered width over PLAN.
    const box = plan.current.getBoundingClientRect();
    const cell = cellAtPointer({ x: e.clientX - box.left, y: e.clientY - box.top }, drag.grab, box.width / PLAN, table.shape);
    const now = cellOf(table);
    if (cell.x !== now.x || cell.y !== now.y) place(table, cell, null);
  };
  const onPointerUp = (table: FloorTable) => {
    if (drag?.id !== table.id) return;
    setDrag(null);
    if (pending.current.has(table.id)) {
      say(table, cellOf(table));
      flush();
    }
  };

  const hintId = `plan-hint-${area.id}`;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h4" mb={4}>
        {t('floor_settings.plan_of', { area: area.name })}
      </Title>
      <Text size="sm" c="dimmed" mb="sm" id={hintId}>
        {t('floor_settings.plan_hint')}
      </Text>
      <div className={css.planFrame} dir="ltr">
        <div
          ref={plan}
          className={css.plan}
          role="group"
          aria-label={t('floor_settings.plan_of', { area: area.name })}
          style={{ backgroundSize: `${pct(1)} ${pct(1)}` }}
        >
          {tables.map((table) => {
            const cell = cellOf(table);
            const { w, h } = footprint(table.shape);
            return (
              <button
                key={table.id}
                type="button"
                className={css.table}
                data-shape={table.shape}
                data-dragging={drag?.id === table.id}
                aria-describedby={hintId}
                aria-label={t('floor_settings.table_on_plan', {
                  name: table.name,
                  seats: table.seats,
                  column: cell.x + 1,
                  row: cell.y + 1,
                })}
                style={{ left: pct(cell.x), top: pct(cell.y), width: pct(w), height: pct(h) }}
                onKeyDown={(e) => onKeyDown(e, table)}
                onPointerDown={(e) => onPointerDown(e, table)}
                onPointerMove={(e) => onPointerMove(e, table)}
                onPointerUp={() => onPointerUp(table)}
                onPointerCancel={() => onPointerUp(table)}
                onBlur={() => flush()}
              >
                <span className={css.tableName}>{table.name}</span>
              </button>
            );
          })}
        </div>
      </div>
      <div className={hidden.srOnly} aria-live="polite" role="status">
        {said}
      </div>
    </Paper>
  );
}
