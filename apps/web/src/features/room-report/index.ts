export { RoomReportScreen } from './components/room-report-screen';
