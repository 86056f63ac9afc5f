/** 'YYYY-MM-DD' → 'DD.MM.YYYY' (the journal's dates are calendar dates, not instants). */
export function formatDay(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** An instant (ms since the epoch) as the user's local day and time: 'DD.MM.YYYY', 'HH:MM'. */
export function formatMoment(at: number): { date: string; time: string } {
  const moment = new Date(at);
  return {
    date: `${pad2(moment.getDate())}.${pad2(moment.getMonth() + 1)}.${moment.getFullYear()}`,
    time: `${pad2(moment.getHours())}:${pad2(moment.getMinutes())}`,
  };
}
