export { ReportPage, type ReportPageProps } from './report-page';
export { periodText, showDay, useBranchOptions, useLetterhead, type FilterUsed } from './report-frame';
export { ReportTable, type ReportColumn, type ReportTableProps } from './report-table';
export { ReportChart, type ReportChartProps, type ReportChartSeries } from './report-chart';
export { REPORT_FILTER_KEYS, useReport, type ReportAnswer, type UseReport } from './use-report';
export { chartMinor, chartMoney, chartNumber, reportCurrency, showMoney, showNumber, showRate, showRiel, toMinor } from './report-money';
