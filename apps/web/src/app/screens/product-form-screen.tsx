import { useParams } from 'react-router';
import { ProductFormPage } from '../../features/products';

/** /product-listing/create-product and /product-listing/edit-product/:id */
export function ProductFormScreen() {
  const { id } = useParams();
  return <ProductFormPage key={id ?? 'new'} id={id} />;
}
