// QR attendance (spec §1, §3 "Schedule QR payload", "QR visit", §7 QR): the teacher's projector
// screen with the live list, and the student's scan.
export { ScanScreen } from './components/ScanScreen';
export { TeacherQr } from './components/TeacherQr';
