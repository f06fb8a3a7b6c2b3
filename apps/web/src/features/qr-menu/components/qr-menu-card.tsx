import { useEffect, useState } from 'react';
import { ActionIcon, Alert, Button, CopyButton, Grid, Group, Paper, Skeleton, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconExternalLink, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { useQrMenu } from '../api/qr-menu';
import { qrPng, qrSvg, saveAs, saveText } from '../qr-image';
import { TableCard } from './table-card';

/** The PNG is for print shops and chat apps: large enough for an A5 poster. */
const PNG_SIZE = 1024;

/** The owner's QR menu: the table card to print, the link to copy or open, and the code as PNG or SVG. */
export function QrMenuCard() {
  const { t } = useTranslation();
  const query = useQrMenu();
  const qr = query.data;
  const url = qr ? `${window.location.origin}${qr.path}` : '';
  const [svg, setSvg] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!url) return;
    let live = true;
    qrSvg(url).then((s) => live && setSvg(s), notifyError);
    return () => {
      live = false;
    };
  }, [url]);

  if (query.isError) {
    return (
      <Alert color="red" variant="light">
        {query.error instanceof ApiError ? query.error.message : t('errors.internal')}
      </Alert>
    );
  }
  if (!qr) return <Skeleton h={420} radius="lg" />;

  const fileName = `menu-qr-${qr.slug}`;
  const downloadPng = async () => {
    setBusy(true);
    try {
      saveAs(await qrPng(url, PNG_SIZE), `${fileName}.png`);
    } catch {
      notifyError(new ApiError(0, t('qr_menu.download_error')));
    } finally {
      setBusy(false);
    }
  };
  const downloadSvg = () => {
    if (svg) saveText(svg, 'image/svg+xml', `${fileName}.svg`);
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <TableCard shopName={qr.shop_name} logoUrl={qr.logo_url} url={url} svg={svg} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="md">
            <Title order={3} fz={18}>
              {t('qr_menu.card_title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('qr_menu.card_hint')}
            </Text>
            <TextInput
              label={t('qr_menu.link')}
              value={url}
              readOnly
              dir="ltr"
              onFocus={(e) => e.currentTarget.select()}
              data-testid="qr-menu-url"
              rightSection={
                <CopyButton value={url} timeout={2000}>
                  {({ copied, copy }) => (
                    <Tooltip label={t(copied ? 'qr_menu.copied' : 'qr_menu.copy')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color={copied ? 'teal' : 'gray'}
                        onClick={copy}
                        aria-label={t('qr_menu.copy')}
                        data-testid="qr-menu-copy"
                      >
                        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              }
            />
            <Group gap="sm">
              <Button
                component="a"
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                leftSection={<IconExternalLink size={16} />}
                data-testid="qr-menu-open"
              >
                {t('qr_menu.open')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconPrinter size={16} />}
                onClick={() => window.print()}
                disabled={!svg}
                data-testid="qr-menu-print"
              >
                {t('qr_menu.print')}
              </Button>
            </Group>
            <Group gap="sm">
              <Button
                leftSection={<IconDownload size={16} />}
                onClick={() => void downloadPng()}
                loading={busy}
                disabled={!svg}
                data-testid="qr-download-png"
              >
                {t('qr_menu.download_png')}
              </Button>
              <Button
                leftSection={<IconDownload size={16} />}
                variant="default"
                onClick={downloadSvg}
                disabled={!svg}
                data-testid="qr-download-svg"
              >
                {t('qr_menu.download_svg')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
