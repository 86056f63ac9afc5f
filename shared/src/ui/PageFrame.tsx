import { useId, useLayoutEffect, type ReactNode } from 'react';
import { pageWidthAtom } from '../layout/pageWidth.js';
import { lmsStore } from '../store.js';
import type { ManualSection } from '../routing/manual.js';
import { PageHelp } from './HelpLink.js';
import { NotKeptOfflineScope } from './NotKeptOffline.js';
import { SectionHeader } from './SectionHeader.js';
import { useUiStyles } from './styles.js';

export interface PageFrameProps {
  /** The app that renders the page (its federation name, or 'shell'), for `data-remote`. */
  remote: string;
  /** The app's own build version, for `data-remote-version` (never shown). */
  version: string;
  title: ReactNode;
  /** A line under the title saying what the page is for. */
  description?: ReactNode;
  /** Buttons or filters beside the title. */
  actions?: ReactNode;
  /**
   * A work screen that needs the width (a grid, a wide table): while it is mounted the shell
   * folds its side panes away on a desktop.
   */
  wide?: boolean;
  /**
   * The manual's section of this screen, for the help link beside the title. By default the
   * route's (`manualSectionOf`); `false` for no help link.
   */
  help?: ManualSection | false;
  className?: string | undefined;
  children?: ReactNode;
}

/**
 * The frame of one screen, the same whichever app renders it: the page's h1 with its
 * description and the help link (the manual's section of the screen), then the screen. The
 * data attributes tell tests and QA which build rendered.
 * Offline, the screen's loads that found nothing kept are told once, above the screen.
 */
export function PageFrame({
  remote,
  version,
  title,
  description,
  actions,
  wide = false,
  help,
  className,
  children,
}: PageFrameProps) {
  useUiStyles();
  const headingId = useId();
  useLayoutEffect(() => {
    if (!wide) return undefined;
    lmsStore.set(pageWidthAtom, 'wide');
    return () => lmsStore.set(pageWidthAtom, 'normal');
  }, [wide]);
  return (
    <section
      className={['lms-ui-page', className].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
      data-remote={remote}
      data-remote-version={version}
      data-width={wide ? 'wide' : 'normal'}
    >
      <SectionHeader
        id={headingId}
        level={1}
        title={title}
        subtitle={description}
        actions={
          <>
            {actions}
            <PageHelp section={help} />
          </>
        }
      />
      <NotKeptOfflineScope>{children}</NotKeptOfflineScope>
    </section>
  );
}
