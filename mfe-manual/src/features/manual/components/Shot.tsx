import type { Language, ManualSection } from '@lms/shared';
import type { Reader } from '../content/types';
import styles from './Manual.module.css';

export type ShotMap = Readonly<Record<string, string>>;

/** The key of a screenshot in the shots map (shots/index.ts, written by `npm run manual:shots`). */
export const shotKey = (
  language: Language,
  section: ManualSection,
  reader: Reader,
  width: 375 | 1280,
): string => `${language}/${section}-${reader}-${width}`;

/**
 * The screen as the role sees it: the phone's picture on a narrow screen, the desk's on a wide
 * one, loaded only when scrolled to. Nothing while the shots have not been taken.
 */
export function Shot({
  shots,
  language,
  section,
  reader,
  alt,
  caption,
}: {
  shots: ShotMap;
  language: Language;
  section: ManualSection;
  reader: Reader;
  alt: string;
  caption: string;
}) {
  const phone = shots[shotKey(language, section, reader, 375)];
  const desk = shots[shotKey(language, section, reader, 1280)];
  const fallback = phone ?? desk;
  if (!fallback) return null;
  return (
    <figure className={styles.shot}>
      <picture>
        {desk && <source media="(min-width: 640px)" srcSet={desk} />}
        <img
          src={fallback}
          alt={alt}
          loading="lazy"
          decoding="async"
          className={styles.shotImage}
        />
      </picture>
      <figcaption className={styles.shotCaption}>{caption}</figcaption>
    </figure>
  );
}
