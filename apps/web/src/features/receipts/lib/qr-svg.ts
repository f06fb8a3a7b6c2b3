/**
 * The receipt's QR code of the invoice number, made in the browser by `qrcode` and loaded only when something is
 * printed. Error correction M survives a slightly faded thermal print.
 */
type QrLib = typeof import('qrcode');

async function qrLib(): Promise<QrLib> {
  const mod = (await import('qrcode')) as QrLib & { default?: QrLib };
  return mod.default ?? mod;
}

export async function receiptQrSvg(text: string): Promise<string> {
  return (await qrLib()).toString(text, {
    errorCorrectionLevel: 'M',
    margin: 1,
    type: 'svg',
    color: { dark: '#000000', light: '#ffffff' },
  });
}
