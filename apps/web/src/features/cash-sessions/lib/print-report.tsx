import type { CashSessionDetail } from '@posauto/shared/schemas/cash-sessions';
import { currentLanguage, i18n } from '../../../lib/i18n';
import { printPaper, type PrintPaper } from '../../../lib/print-paper';
import { CashSessionReport } from '../components/cash-session-report';

export type { PrintPaper };

/** Prints a session's end-of-day report on an 80 mm roll or A4 through the browser's print dialog. */
export function printCashReport(session: CashSessionDetail, paper: PrintPaper): Promise<void> {
  return printPaper(
    'cash-report-print-root',
    paper,
    <CashSessionReport session={session} paper={paper} t={i18n.t.bind(i18n)} lang={currentLanguage()} />,
  );
}
