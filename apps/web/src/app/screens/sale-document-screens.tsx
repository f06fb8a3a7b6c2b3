import { useCallback } from 'react';
import { useParams } from 'react-router';
import { usePrintReceipt } from '../../features/receipts';
import {
  DocumentDetail,
  DocumentForm,
  DocumentList,
  DocumentProductFinder,
  type DocumentFormProps,
  type PrintPaper,
} from '../../features/sales';
import { hasPermission, useUserData } from '../../lib/auth-store';
import { notifyError } from '../../lib/notify';

/**
 * Back-office sales, invoices and quotations. The screens compose two features that must not import each other:
 * the document forms (sales) and printing (receipts).
 */

/**
 * The documents' own product finder (the selling look-up): a clerk holding sale-invoice, sale-quotation,
 * sale-management or sale-list adds lines without product-list, the catalogue's permission.
 */
const picker: DocumentFormProps['renderPicker'] = (onPick, { branchId, currency }) => (
  <DocumentProductFinder onPick={onPick} branchId={branchId} currency={currency} />
);

function usePermissions() {
  const user = useUserData();
  return {
    canPay: ['sale-management', 'sale-invoice', 'sale-pos', 'sale-list'].some((p) => hasPermission(user, p)),
    canInvoice: hasPermission(user, 'sale-invoice'),
    canQuote: hasPermission(user, 'sale-quotation'),
  };
}

/** Prints go through the receipts feature; a saved document's print is a reprint (audited). */
function usePrint() {
  const { print, printing } = usePrintReceipt();
  const onPrint = useCallback(
    (id: string, paper: PrintPaper) => void print(id, { paper, reprint: true }).catch((e: unknown) => notifyError(e)),
    [print],
  );
  return { onPrint, printing };
}

function Detail({ id }: { id: string | undefined }) {
  const perms = usePermissions();
  const { onPrint, printing } = usePrint();
  return (
    <DocumentDetail
      id={id}
      onPrint={onPrint}
      printing={printing}
      canPay={perms.canPay}
      canConvert={perms.canQuote}
      canEdit={perms.canInvoice}
    />
  );
}

function EmbeddedDetail({ id }: { id: string }) {
  const perms = usePermissions();
  const { onPrint, printing } = usePrint();
  return (
    <DocumentDetail embedded id={id} onPrint={onPrint} printing={printing} canPay={false} canConvert={perms.canQuote} canEdit={false} />
  );
}

/** /create-invoice */
export function CreateInvoiceScreen() {
  return (
    <DocumentForm document="invoice" backTo="/invoice-listing" detailPath={(id) => `/invoice-listing/detail/${id}`} renderPicker={picker} />
  );
}

/** /invoice-listing/edit/:id: only while unpaid and not delivered (the form says so otherwise). */
export function EditInvoiceScreen() {
  const { id } = useParams();
  return (
    <DocumentForm
      document="invoice"
      editId={id}
      backTo="/invoice-listing"
      detailPath={(saved) => `/invoice-listing/detail/${saved}`}
      renderPicker={picker}
    />
  );
}

/** /invoice-listing */
export function InvoiceListingScreen() {
  const perms = usePermissions();
  return <DocumentList document="invoice" canCreate={perms.canInvoice} canEdit={perms.canInvoice} canConvert={false} />;
}

/** /invoice-listing/detail/:id */
export function InvoiceDetailScreen() {
  const { id } = useParams();
  return <Detail id={id} />;
}

/** /quotation-listing: a quotation opens over the list. */
export function QuotationListingScreen() {
  const perms = usePermissions();
  return (
    <DocumentList
      document="quotation"
      canCreate={perms.canQuote}
      canEdit={false}
      canConvert={perms.canQuote}
      renderDetail={(id) => <EmbeddedDetail id={id} />}
    />
  );
}

/** /quotation-listing/create-quotation: no payments, no stock moves. */
export function CreateQuotationScreen() {
  return (
    <DocumentForm
      document="quotation"
      backTo="/quotation-listing"
      detailPath={(id) => `/quotation-listing?open=${id}`}
      renderPicker={picker}
    />
  );
}

/** /sales-listing/create-new-sale (sale-management) */
export function CreateNewSaleScreen() {
  return (
    <DocumentForm
      document="sale"
      defaultSaleType="general"
      backTo="/sales-listing"
      detailPath={(id) => `/sales-listing/create-sale/${id}`}
      renderPicker={picker}
    />
  );
}

/** /sale-listing/create-sales (sale-list): a POS-retail sale entered by hand, into the caller's open cash session. */
export function CreatePosSaleScreen() {
  return (
    <DocumentForm
      document="sale"
      defaultSaleType="pos_retail"
      backTo="/sale-listing"
      detailPath={() => '/sale-listing'}
      renderPicker={picker}
    />
  );
}

/** /sales-listing/create-sale/:id: a saved sale is never edited in place; it shows read-only with its actions. */
export function SaleViewScreen() {
  const { id } = useParams();
  return <Detail id={id} />;
}
