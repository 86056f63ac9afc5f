import type { TFunction } from 'i18next';
import type { Format, RegStream } from '@lms/shared';

/** 'Поток 1 · Лекция — свободно 5 из 30', or the stream's 'full' reason. */
export function streamLabel(t: TFunction, format: Format, stream: RegStream): string {
  const seats =
    stream.free === 0
      ? t('form.fullShort')
      : t('form.seats', {
          free: format.number(stream.free),
          capacity: format.number(stream.capacity),
        });
  return `${stream.name} · ${stream.vid_zaniatiy} — ${seats}`;
}
