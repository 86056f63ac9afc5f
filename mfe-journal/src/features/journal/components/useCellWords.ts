import { useTranslation } from 'react-i18next';
import { confirm } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import type { Mark } from '../../../lib/marks';
import { useMarkText } from '../../../lib/useMarkText';
import type { CellRef, CellSource } from '../types';

/**
 * A cell's words: its mark as said aloud (with how the attendance was recorded: 'не отмечен(а)'
 * for a student not marked yet, '… (по QR-коду)' for a check-in), and the question asked before
 * a hand mark undoes a student's QR check-in.
 */
export function useCellWords() {
  const { t } = useTranslation(NAMESPACE);
  const markText = useMarkText();
  return {
    spoken: (mark: Mark, source: CellSource): string => {
      if (source === 'none') return t('mark.unmarked');
      const text = mark === '' ? t('mark.present') : markText(mark);
      return source === 'qr' ? t('source.withQr', { mark: text }) : text;
    },
    /** Resolves true when the teacher confirms the absence over the check-in. */
    confirmOverride: (cell: CellRef): Promise<boolean> =>
      confirm(
        t('source.overrideConfirm', { student: cell.student.name, lesson: cell.lesson.title }),
        {
          title: t('source.overrideTitle'),
          confirmLabel: t('source.overrideButton'),
          cancelLabel: t('source.overrideCancel'),
          danger: true,
        },
      ),
  };
}
