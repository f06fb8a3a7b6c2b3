/**
 * The QR code of the menu address, made in the browser by `qrcode`, loaded only when the owner's screen needs it
 * (the public menu never downloads it). Error correction M survives a scuffed or slightly wet table card.
 */
type QrLib = typeof import('qrcode');

async function qrLib(): Promise<QrLib> {
  const mod = (await import('qrcode')) as QrLib & { default?: QrLib };
  return mod.default ?? mod;
}

const OPTIONS = { errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } } as const;

/** The QR code as SVG markup (vector: sharp at any print size). */
export async function qrSvg(text: string): Promise<string> {
  return (await qrLib()).toString(text, { ...OPTIONS, type: 'svg' });
}

/** The QR code as a PNG data URL, `size` pixels square. */
export async function qrPng(text: string, size: number): Promise<string> {
  return (await qrLib()).toDataURL(text, { ...OPTIONS, type: 'image/png', width: size });
}

/** Saves a URL (data: or blob:) under a file name. */
export function saveAs(href: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
}

export function saveText(text: string, type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  saveAs(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
