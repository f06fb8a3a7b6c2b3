export { categoriesResource } from './api/categories';
export { CategoryForm } from './components/category-form';
export { CategoryIcon } from './components/category-icon';
