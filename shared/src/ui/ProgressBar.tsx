import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n/resources/index.js';
import { useUiStyles } from './styles.js';

export interface ProgressBarProps {
  /** 0..100; values outside (an upload's stop value 110, say) are clamped. */
  value: number;
  /** Accessible name; defaults to the translated 'Progress'. */
  label?: string;
}

export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(Math.min(100, Math.max(0, value)));
}

export function ProgressBar({ value, label }: ProgressBarProps) {
  useUiStyles();
  const { t } = useTranslation(UI_NAMESPACE);
  const percent = clampPercent(value);
  return (
    <div
      role="progressbar"
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={label ?? t('progress')}
      className="lms-ui-progress"
    >
      <div className="lms-ui-progress__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
