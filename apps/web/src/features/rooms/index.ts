export { RoomBoardScreen } from './components/room-board-screen';
