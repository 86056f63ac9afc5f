import { FileIcon, formatSize, shortenFileName } from '@lms/shared';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import styles from './layout.module.css';

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
 * A material's or a book's file: its type icon and name (shortened to 20 characters, spec §9),
 * opened in a new tab when the browser shows it (PDF), downloaded otherwise.
 */
export function FileLink({ fileName, size, mediaType, href, downloadHref }: FileLinkProps) {
  const { t } = useTranslation(NAMESPACE);
  if (!fileName) return null;
  const readable = mediaType === 'application/pdf';
  return (
    <a
      className={styles.link}
      href={readable ? href : downloadHref}
      {...(readable ? { target: '_blank', rel: 'noopener' } : { download: fileName })}
      title={fileName}
      aria-label={t(readable ? 'file.open' : 'file.download', { name: fileName })}
    >
      <FileIcon fileName={fileName} size={20} />
      <span>{shortenFileName(fileName)}</span>
      <span className={styles.meta}>{formatSize(size)}</span>
    </a>
  );
}
