import { useTranslation } from 'react-i18next';
import { fileTypeOf, type FileType } from '../format/text.js';
import { UI_NAMESPACE } from '../i18n/resources/index.js';
import { useUiStyles } from './styles.js';

export interface FileIconProps {
  fileName: string;
  /** Edge length in pixels. */
  size?: number;
}

// The badge of each family: its usual colour (dark enough for white letters) and short label.
const BADGES: Record<Exclude<FileType, 'other'>, { color: string; label: string }> = {
  pdf: { color: '#b3261e', label: 'PDF' },
  excel: { color: '#1d6f42', label: 'XLS' },
  word: { color: '#2b579a', label: 'DOC' },
  text: { color: '#5b6579', label: 'TXT' },
  powerpoint: { color: '#b7472a', label: 'PPT' },
};

/** A small document icon marked with the file's type; its name is the translated type. */
export function FileIcon({ fileName, size = 24 }: FileIconProps) {
  useUiStyles();
  const { t } = useTranslation(UI_NAMESPACE);
  const type = fileTypeOf(fileName);
  const badge = type === 'other' ? null : BADGES[type];
  return (
    <svg
      className="lms-ui-file-icon"
      role="img"
      aria-label={t(`file.${type}`)}
      data-file-type={type}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      focusable="false"
    >
      <path
        d="M6 1.5h8.5l5 5V21a1.5 1.5 0 0 1-1.5 1.5H6A1.5 1.5 0 0 1 4.5 21V3A1.5 1.5 0 0 1 6 1.5z"
        fill="var(--lms-surface, #ffffff)"
        stroke="var(--lms-muted, #5b6579)"
      />
      <path d="M14.5 1.5V6.5h5" fill="none" stroke="var(--lms-muted, #5b6579)" />
      {badge ? (
        <>
          <rect x="1.5" y="11.5" width="17" height="7.5" rx="1.5" fill={badge.color} />
          <text
            x="10"
            y="17.25"
            fill="#ffffff"
            fontFamily="Arial, sans-serif"
            fontSize="5.5"
            fontWeight="700"
            textAnchor="middle"
          >
            {badge.label}
          </text>
        </>
      ) : (
        <path d="M8 11h8M8 14h8M8 17h5" stroke="var(--lms-muted, #5b6579)" strokeLinecap="round" />
      )}
    </svg>
  );
}
