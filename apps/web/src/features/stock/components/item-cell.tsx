import { Text } from '@mantine/core';

/** An item in a stock row: its name, and its SKU under it. */
export function ItemCell({ name, sku }: { name: string; sku: string | null }) {
  return (
    <div>
      <Text size="sm" fw={500}>
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        {sku}
      </Text>
    </div>
  );
}
