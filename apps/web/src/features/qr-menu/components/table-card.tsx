import { Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './qr-menu.module.css';

/**
 * The printable table card: the shop's logo and name, "Scan to see our menu" in Khmer and in English whatever the
 * screen's language (Cambodian customers and visitors read the same card), the QR code and the address.
 */
export function TableCard({ shopName, logoUrl, url, svg }: { shopName: string; logoUrl: string | null; url: string; svg: string | null }) {
  const { t } = useTranslation();
  // Each language's table loads on demand: these load (suspending until then) when the screen's language is another.
  const { t: km } = useTranslation(undefined, { lng: 'km' });
  const { t: en } = useTranslation(undefined, { lng: 'en' });
  return (
    <div className={classes.card} data-testid="qr-table-card" aria-label={t('qr_menu.card_title')}>
      <Stack gap={6} align="center">
        {logoUrl && <img src={logoUrl} alt="" width={64} height={64} className={classes.logo} />}
        <Title order={3} fz={22} c="#111">
          {shopName}
        </Title>
        <Text lang="km" fw={700} fz={18} c="#111">
          {km('qr_menu.scan')}
        </Text>
        <Text lang="en" fw={500} fz={15} c="#333">
          {en('qr_menu.scan')}
        </Text>
      </Stack>
      {svg ? (
        // The markup comes from the qrcode library for our own URL: paths and rectangles only.
        <div
          className={classes.qr}
          role="img"
          aria-label={t('qr_menu.qr_alt', { shop: shopName })}
          data-testid="qr-code"
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      ) : (
        <div className={classes.qr} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Loader />
        </div>
      )}
      <div className={classes.url} dir="ltr">
        {url}
      </div>
    </div>
  );
}
