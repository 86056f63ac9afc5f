import { FileIcon, formatSize, useVisuallyHidden } from '@lms/shared';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import styles from './FileLink.module.css';

export interface FileLinkProps {
  fileName: string;
  size: number;
  mediaType: string;
  /** Opens the file (a PDF in the browser's viewer). */
  href: string;
  /** Saves it with its name instead. */
  downloadHref: string;
}

/**
 * A material's or a book's file: its type icon, its name with the size under it, opened in a new
 * tab when the browser shows it (PDF), downloaded otherwise. A long name is cut after two lines
 * by CSS only: the link's text, and so its accessible name, is the whole name as the user sees it
 * begin, and what the link does is said after it, for screen readers.
 */
export function FileLink({ fileName, size, mediaType, href, downloadHref }: FileLinkProps) {
  const { t } = useTranslation(NAMESPACE);
  const hidden = useVisuallyHidden();
  if (!fileName) return null;
  const readable = mediaType === 'application/pdf';
  return (
    <a
      className={styles.link}
      href={readable ? href : downloadHref}
      {...(readable ? { target: '_blank', rel: 'noopener' } : { download: fileName })}
      title={fileName}
    >
      <span className={styles.icon} aria-hidden="true">
        <FileIcon fileName={fileName} size={20} />
      </span>
      <span className={styles.fileText}>
        <span className={styles.fileName}>{fileName}</span>{' '}
        <span className={styles.size}>{formatSize(size)}</span>
      </span>
      <span className={hidden}> ({t(readable ? 'file.opensInTab' : 'file.downloads')})</span>
    </a>
  );
}
