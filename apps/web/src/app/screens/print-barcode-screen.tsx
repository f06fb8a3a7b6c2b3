import { PrintBarcodePage } from '../../features/products';

export function PrintBarcodeScreen() {
  return <PrintBarcodePage />;
}
