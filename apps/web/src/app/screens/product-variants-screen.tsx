import { useParams } from 'react-router';
import { VariantEditorPage } from '../../features/products';

/** /product-listing/edit-product/edit/:id — the variants of a variation product. */
export function ProductVariantsScreen() {
  const { id = '' } = useParams();
  return <VariantEditorPage key={id} id={id} />;
}
