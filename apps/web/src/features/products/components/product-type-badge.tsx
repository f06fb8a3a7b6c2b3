import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProductType } from '@posauto/shared/schemas/products';

const COLORS: Record<ProductType, string> = { single: 'gray', variation: 'grape', combo: 'orange' };

export function ProductTypeBadge({ type }: { type: ProductType }) {
  const { t } = useTranslation();
  return (
    <Badge size="xs" variant="light" color={COLORS[type]}>
      {t(`product.types.${type}`)}
    </Badge>
  );
}
