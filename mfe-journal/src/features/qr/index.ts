// QR attendance (spec §1, §3 "Schedule QR payload", "QR visit", §7 QR): the teacher's screen with
// the live list, its view for the projector (the code, no names), and the student's scan.
export { ScanScreen } from './components/ScanScreen';
export { TeacherQr } from './components/TeacherQr';
export { ProjectorQr } from './components/ProjectorQr';
