import { useQrToday, useServerNow, windowPhase, type WindowPhase } from '../schedule';
import { useLessonQr, useServerOffset } from './api/qr';

/**
 * A lesson's QR as its screens show it: the lesson among the teacher's lessons of today, where
 * the server's clock stands against its window, and the QR, asked only while the window is open
 * (the screen turns to the code by itself when it opens). A lesson that is not among today's is
 * asked all the same: the server says why it does not open.
 */
export function useShownQr(idShed: number) {
  const today = useQrToday();
  const lesson = today.data?.lessons.find((candidate) => candidate.idShed === idShed);
  const now = useServerNow(today.data?.offsetMs ?? 0, lesson ? [lesson] : []);
  const phase: WindowPhase | null = lesson ? windowPhase(lesson, now) : null;
  const known = today.data !== undefined || today.isError;
  const offset = useServerOffset();
  const qr = useLessonQr(idShed, known && (phase === null || phase === 'open'));
  return { known, lesson, phase, qr, offset };
}
