export { ProfitLossReport } from './profit-loss-report';
