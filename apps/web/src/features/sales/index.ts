export { DocumentDetail, type DocumentDetailProps, type PrintPaper } from './components/document-detail';
export { DocumentForm, type DocumentFormProps } from './components/document-form';
export { DocumentList, type DocumentListProps } from './components/document-list';
export { DocumentProductFinder, type DocumentLinePick, type DocumentProductFinderProps } from './components/product-finder';
export { ItemSaleList } from './components/item-sale-list';
export { SaleDetailDrawer, type SaleDetailActions } from './components/sale-detail';
export { SaleList } from './components/sale-list';
export { SaleReturnForm } from './components/sale-return-form';
export { SaleReturnList } from './components/sale-return-list';
