export { RoomSettingScreen } from './components/room-setting-screen';
