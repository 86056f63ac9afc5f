import { useId, type ReactNode } from 'react';
import { useUiStyles } from './styles.js';

export interface SectionHeaderProps {
  title: ReactNode;
  /**
   * The heading's id, for the section's aria-labelledby:
   * `const id = useId(); <section aria-labelledby={id}><SectionHeader id={id} … />`.
   */
  id?: string | undefined;
  /** Heading level; a pane or section title is an h2. */
  level?: 1 | 2 | 3 | 4;
  /** A muted line under the title (a period, a count, a version). */
  subtitle?: ReactNode;
  /** Buttons or filters on the right; they wrap under the title when short of room and on a phone. */
  actions?: ReactNode;
  className?: string | undefined;
}

/** The title row of a pane or page section. */
export function SectionHeader({
  title,
  id,
  level = 2,
  subtitle,
  actions,
  className,
}: SectionHeaderProps) {
  useUiStyles();
  const generated = useId();
  const Heading = `h${level}` as const;
  return (
    <header className={['lms-ui-section-header', className].filter(Boolean).join(' ')}>
      <div className="lms-ui-section-header__text">
        <Heading id={id ?? generated} className="lms-ui-section-header__title">
          {title}
        </Heading>
        {subtitle !== undefined && subtitle !== null && subtitle !== '' && (
          <p className="lms-ui-section-header__subtitle">{subtitle}</p>
        )}
      </div>
      {actions !== undefined && actions !== null && (
        <div className="lms-ui-section-header__actions">{actions}</div>
      )}
    </header>
  );
}
