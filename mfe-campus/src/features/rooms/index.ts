export { FindRoomScreen } from './components/FindRoomScreen';
export { RoomWeekScreen } from './components/RoomWeekScreen';
