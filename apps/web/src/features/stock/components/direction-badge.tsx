import { Badge } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';

/** An adjustment type's name, marked as adding (+) or taking away (−) stock. */
export function DirectionBadge({ direction, label }: { direction: 'addition' | 'subtraction'; label: string }) {
  const add = direction === 'addition';
  return (
    <Badge variant="light" color={add ? 'teal' : 'orange'} leftSection={add ? <IconPlus size={12} /> : <IconMinus size={12} />}>
      {label}
    </Badge>
  );
}
