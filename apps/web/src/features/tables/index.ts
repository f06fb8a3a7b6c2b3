export { TablesScreen } from './components/tables-screen';
export { TableOrderScreen } from './components/order-screen';
