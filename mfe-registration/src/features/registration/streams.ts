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

/**
 * The chosen stream's free seats, said under its select: a phone's select cuts its label's end,
 * where they are. Nothing for a full stream, whose alert says so.
 */
export function streamSeatsHint(
  t: TFunction,
  format: Format,
  stream: RegStream | undefined,
): string | undefined {
  if (!stream || stream.free === 0) return undefined;
  return t('form.seatsHint', {
    free: format.number(stream.free),
    capacity: format.number(stream.capacity),
  });
}
