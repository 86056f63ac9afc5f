import { useTranslation } from 'react-i18next';
import type { QrTodayLesson } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';

/** The lesson's group (and subgroup) as the schedule names it. */
export function useGroupName() {
  const { t } = useTranslation(NAMESPACE);
  return (lesson: Pick<QrTodayLesson, 'group' | 'subgroup'>) =>
    lesson.subgroup
      ? t('chain.subgroup', { group: lesson.group, subgroup: lesson.subgroup })
      : lesson.group;
}

/** What is taught to whom and where: the discipline, then the lesson type, group and room. */
export function LessonTitle({
  lesson,
  className,
  detailClassName,
}: {
  lesson: QrTodayLesson;
  className?: string;
  detailClassName?: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const groupName = useGroupName();
  return (
    <div data-testid="qr-lesson">
      <p className={className}>{lesson.discipline}</p>
      <p className={detailClassName}>
        <span data-testid="qr-group">{groupName(lesson)}</span> · {lesson.lessonType} ·{' '}
        {t('schedule.room')} {lesson.auditoryName}
      </p>
    </div>
  );
}
