import { ProductList } from '../../features/products';

export function ProductsScreen() {
  return <ProductList />;
}
