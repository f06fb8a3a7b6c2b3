export { KitchenScreen } from './components/kitchen-screen';
