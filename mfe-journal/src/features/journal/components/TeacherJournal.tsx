import { useTranslation } from 'react-i18next';
import { EmptyState } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useJournalChain } from '../api/useJournalChain';
import { ChainSelects } from './ChainSelects';
import { JournalView } from './JournalView';

/** The teacher's journal: the choice chain, then the chosen journal. */
export function TeacherJournal() {
  const { t } = useTranslation(NAMESPACE);
  const chain = useJournalChain();
  const { key, discipline, group, lessonType } = chain;

  const emptyStep =
    chain.disciplines.data?.length === 0
      ? t('chain.noDisciplines')
      : chain.groups.data?.length === 0
        ? t('chain.noGroups')
        : chain.lessonTypes.data?.length === 0
          ? t('chain.noLessonTypes')
          : null;

  return (
    <>
      <ChainSelects chain={chain} />
      {key && discipline && group && lessonType ? (
        <JournalView
          key={JSON.stringify(key)}
          journal={key}
          caption={t('grid.caption', {
            discipline: discipline.name,
            group: group.subgroup
              ? t('chain.subgroup', { group: group.group, subgroup: group.subgroup })
              : group.group,
            lessonType: lessonType.name,
          })}
        />
      ) : (
        <EmptyState message={emptyStep ?? t('chain.chooseAll')} />
      )}
    </>
  );
}
