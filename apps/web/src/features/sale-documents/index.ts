export { DocumentDetail, type DocumentDetailProps, type PrintPaper } from './components/document-detail';
export { DocumentForm, type DocumentFormProps } from './components/document-form';
export { DocumentList, type DocumentListProps } from './components/document-list';
export { DocumentProductFinder, type DocumentLinePick, type DocumentProductFinderProps } from './components/product-finder';
