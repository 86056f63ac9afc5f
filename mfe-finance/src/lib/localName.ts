/** A list entry's name in the interface language (entries carry ru, kg and en names). */
export function localName(
  item: { name: string; name_kg: string; name_en: string },
  language: string,
): string {
  if (language === 'kg') return item.name_kg;
  if (language === 'en') return item.name_en;
  return item.name;
}
