/**
 * A start to offer in the form: the next five minutes' mark at least 5 minutes after `now`
 * (the university's 'YYYY-MM-DDTHH:MM', from the server), in the same form: soon enough that
 * the webinar is open at once.
 */
export function suggestedStart(now: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(now)) return '';
  const at = Date.parse(`${now}:00Z`);
  if (Number.isNaN(at)) return '';
  const step = 5 * 60_000;
  const next = Math.ceil((at + 5 * 60_000) / step) * step;
  return new Date(next).toISOString().slice(0, 16);
}
