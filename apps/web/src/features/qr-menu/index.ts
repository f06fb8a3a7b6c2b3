export { PublicMenuPage } from './components/public-menu-page';
export { QrMenuCard } from './components/qr-menu-card';
