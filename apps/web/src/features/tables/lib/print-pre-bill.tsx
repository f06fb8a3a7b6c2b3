import type { PreBill } from '@posauto/shared/schemas/restaurant';
import { currentLanguage } from '../../../lib/i18n';
import { printPaper } from '../../../lib/print-paper';
import { PreBillPaper } from '../components/pre-bill-paper';

/** Prints the pre-bill on 80 mm paper (the bundled Noto fonts shape the Khmer). */
export function printPreBillPaper(bill: PreBill, currency: string): Promise<void> {
  return printPaper('pre-bill-print-root', 80, <PreBillPaper bill={bill} currency={currency} lang={currentLanguage()} />);
}
