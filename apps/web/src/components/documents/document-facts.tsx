import type { ReactNode } from 'react';
import { SimpleGrid, Text, type SimpleGridProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One fact of a saved document: the translation key of its label, and what it says. */
export type DocumentFact = [labelKey: string, value: ReactNode];

/** The facts at the head of a saved document (number, day, branch, who made it...), as small label-over-value pairs. */
export function DocumentFacts({
  facts,
  cols,
  spacing,
}: {
  facts: readonly DocumentFact[];
  cols: SimpleGridProps['cols'];
  spacing?: SimpleGridProps['spacing'];
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={cols} spacing={spacing}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <Text size="xs" c="dimmed">
            {t(label)}
          </Text>
          <Text size="sm" component="div">
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** A saved line's item: its name, and its code under it when it has one. */
export function ItemText({ name, sku }: { name: string; sku?: string | null }) {
  return (
    <>
      <Text size="sm">{name}</Text>
      {sku && (
        <Text size="xs" c="dimmed">
          {sku}
        </Text>
      )}
    </>
  );
}
