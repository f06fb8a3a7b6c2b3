import { useEffect, useRef } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './public-menu.module.css';

export interface ChipItem {
  id: string;
  label: string;
}

/** Sticky chips, one per section: a tap scrolls to the section; the chip of the section in view is filled. */
export function CategoryChips({ items, active, onPick }: { items: ChipItem[]; active: string | null; onPick: (id: string) => void }) {
  const { t } = useTranslation();
  const row = useRef<HTMLDivElement>(null);

  // Keep the active chip visible in the row as the page scrolls past sections.
  useEffect(() => {
    const chip = active ? row.current?.querySelector<HTMLElement>(`[data-chip="${CSS.escape(active)}"]`) : null;
    const box = row.current;
    if (!chip || !box) return;
    // Only the row scrolls (in screen coordinates, so the same in Arabic): the page's own smooth scroll goes on.
    const c = chip.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    box.scrollBy({ left: c.left + c.width / 2 - (b.left + b.width / 2), behavior: 'smooth' });
  }, [active]);

  return (
    <nav className={classes.chips} aria-label={t('public_menu.categories_label')}>
      <div className={classes.column}>
        <div className={classes.chipRow} ref={row}>
          {items.map((c) => (
            <Button
              key={c.id}
              data-chip={c.id}
              data-testid="menu-chip"
              size="compact-md"
              radius="xl"
              variant={c.id === active ? 'filled' : 'default'}
              aria-current={c.id === active ? 'true' : undefined}
              onClick={() => onPick(c.id)}
            >
              <bdi>{c.label}</bdi>
            </Button>
          ))}
        </div>
      </div>
    </nav>
  );
}
