import type { TFunction } from 'i18next';
import type { RegStream } from '@lms/shared';

/** 'Поток 1 · Лекция — свободно 5 из 30', or the stream's 'full' reason. */
export function streamLabel(t: TFunction, stream: RegStream): string {
  const seats =
    stream.free === 0
      ? t('form.fullShort')
      : t('form.seats', { free: stream.free, capacity: stream.capacity });
  return `${stream.name} · ${stream.vid_zaniatiy} — ${seats}`;
}
