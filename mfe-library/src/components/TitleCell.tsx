import type { ReactNode } from 'react';
import styles from './TitleCell.module.css';

export interface TitleCellProps {
  title: string;
  /** Marks after the title ("new", "in the library"). */
  badges?: ReactNode;
  author?: string | undefined;
}

/** A book's or a material's name as a library lists it: the title, its marks, the author under it. */
export function TitleCell({ title, badges, author }: TitleCellProps) {
  return (
    <span className={styles.name}>
      <span className={styles.title}>
        {title}
        {badges}
      </span>
      {author && <span className={styles.byline}>{author}</span>}
    </span>
  );
}

/** A small mark after a title; the space before it keeps the words apart for every reader. */
export function Badge({ children }: { children: ReactNode }) {
  return (
    <>
      {' '}
      <span className={styles.badge}>{children}</span>
    </>
  );
}
