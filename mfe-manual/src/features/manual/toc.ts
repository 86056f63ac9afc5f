import { MANUAL_SECTIONS, type ManualSection } from '@lms/shared';
import type { Manual, Reader } from './content/types';

export interface TocEntry {
  section: ManualSection;
  title: string;
  purpose: string;
}

/** The contents for one role: the screens it uses, in the portal's order. */
export function tocFor(manual: Manual, reader: Reader): TocEntry[] {
  return MANUAL_SECTIONS.filter((section) => manual[section].roles[reader] !== undefined).map(
    (section) => ({ section, title: manual[section].title, purpose: manual[section].purpose }),
  );
}

/** The roles a section has help for, the reader's own first. */
export function readersOf(manual: Manual, section: ManualSection, first: Reader): Reader[] {
  const all = (Object.keys(manual[section].roles) as Reader[]).filter(
    (reader) => manual[section].roles[reader] !== undefined,
  );
  return all.includes(first) ? [first, ...all.filter((reader) => reader !== first)] : all;
}
