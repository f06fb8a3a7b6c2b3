import { ProfitLossReport } from '../../features/profit-loss';

/** /profit-loss-reports: the shop's profit and loss for a period (profit-lost-report + report-management). */
export function ProfitLossScreen() {
  return <ProfitLossReport />;
}
