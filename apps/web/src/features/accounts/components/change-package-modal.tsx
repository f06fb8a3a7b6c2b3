import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PACKAGES, type AdminBusiness, type ShopPackage } from '@posauto/shared/schemas/accounts';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useBusinessMutations } from '../api/businesses';

/** Moves a shop to another package; the server then cuts its roles down to what the package includes. */
export function ChangePackageModal({ business, onClose }: { business: AdminBusiness | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={business !== null} onClose={onClose} title={t('admin.change_package')} centered zIndex={2000}>
      {business && <ChangePackageForm business={business} onClose={onClose} />}
    </Modal>
  );
}

function ChangePackageForm({ business, onClose }: { business: AdminBusiness; onClose: () => void }) {
  const { t } = useTranslation();
  const { changePackage } = useBusinessMutations();
  const [pkg, setPkg] = useState<ShopPackage>(business.package);
  const save = () =>
    changePackage.mutate(
      { id: business.id, pkg },
      {
        onSuccess: () => {
          notifySuccess('admin.package_changed');
          onClose();
        },
        onError: notifyError,
      },
    );
  return (
    <Stack>
      <Text size="sm">{t('admin.change_package_text', { shop: business.shop_name })}</Text>
      <Select
        label={t('admin.package')}
        value={pkg}
        onChange={(v) => v && setPkg(v as ShopPackage)}
        allowDeselect={false}
        comboboxProps={{ zIndex: 2100 }}
        data-testid="package-select"
        data={PACKAGES.map((p) => ({ value: p, label: `${t(`signup.packages.${p}.name`)} — ${t(`signup.packages.${p}.summary`)}` }))}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={save} loading={changePackage.isPending} disabled={pkg === business.package} data-testid="package-save">
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
