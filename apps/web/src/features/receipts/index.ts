export { fetchReceiptProfile, RECEIPT_PROFILE_KEY, useReceiptProfile } from './api/receipt-profile';
export { SaleInvoiceA4, type SaleInvoiceA4Props } from './components/sale-invoice-a4';
export { SaleReceipt, type SaleReceiptProps } from './components/sale-receipt';
export { receiptDateTime, receiptMoney } from './lib/receipt-format';
export { receiptQrSvg } from './lib/qr-svg';
export { printSale, printSaleReturn, renderForPrint, usePrintReceipt, type PrintOptions, type ReceiptPaper } from './use-print-receipt';
