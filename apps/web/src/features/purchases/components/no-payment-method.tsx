import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routeByName } from '@posauto/shared/routes';
import { hasPermission, useUserData } from '../../../lib/auth-store';

/**
 * In place of a payment's method select when the shop has no active method: an empty select only ever answered
 * "Incorrect Data". Says so, with the way to the payment settings for a user who may open them.
 */
export function NoPaymentMethod() {
  const { t } = useTranslation();
  const settings = routeByName('payment-listing');
  const may = hasPermission(useUserData(), settings.permission);
  return (
    <Alert color="orange" variant="light" mt="sm" icon={<IconAlertTriangle size={18} />} data-testid="no-payment-method">
      <Stack gap={4} align="flex-start">
        <Text size="sm">{t(may ? 'setup.payment.none' : 'setup.payment.none_ask')}</Text>
        {may && (
          // The alert's own text colour: the link colour on the tinted background falls short of 4.5:1.
          <Anchor
            component={Link}
            to={settings.path}
            size="sm"
            fw={600}
            c="inherit"
            underline="always"
            data-testid="no-payment-method-link"
          >
            {t('setup.payment.settings_link')}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}
