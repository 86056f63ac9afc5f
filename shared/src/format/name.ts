/**
 * 'Асанов Бакыт Маратович' → 'Асанов Б. М.': the first word in full, an initial for each
 * following word. Extra whitespace is ignored; empty input gives ''.
 */
export function abbreviateName(fullName: string | null | undefined): string {
  const [surname, ...rest] = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (!surname) return '';
  const initials = rest.map((word) => `${Array.from(word)[0]?.toLocaleUpperCase() ?? ''}.`);
  return [surname, ...initials].join(' ');
}
