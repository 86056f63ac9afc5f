export { OrdersScreen } from './components/OrdersScreen';
