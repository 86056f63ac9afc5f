/** 'YYYY-MM-DD' → 'DD.MM.YYYY' (the journal's dates are calendar dates, not instants). */
export function formatDay(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
}
