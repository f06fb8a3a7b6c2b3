import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminBusiness } from '@posauto/shared/schemas/accounts';

const STATUS_COLORS: Record<AdminBusiness['status'], string> = { pending: 'orange', active: 'teal', suspended: 'red' };
const PACKAGE_COLORS: Record<AdminBusiness['package'], string> = { startup: 'gray', standard: 'blue', premium: 'violet' };

export function BusinessStatusBadge({ status }: { status: AdminBusiness['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="business-status">
      {t(`admin.status.${status}`)}
    </Badge>
  );
}

export function PackageBadge({ pkg }: { pkg: AdminBusiness['package'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={PACKAGE_COLORS[pkg]} variant="outline" data-testid="business-package">
      {t(`signup.packages.${pkg}.name`)}
    </Badge>
  );
}
