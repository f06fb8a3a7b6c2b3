export { roomRoutes } from './rooms.routes';
export { roomBill, type RoomTimeLine } from './room-board';
export { roomSettingsService } from './room-settings.service';
export { roomStaysService } from './room-stays.service';
