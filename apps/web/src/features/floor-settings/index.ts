export { FloorSettingScreen } from './components/floor-setting-screen';
export { KitchenStationScreen } from './components/station-screen';
