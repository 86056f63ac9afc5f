import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { academicYearOptions, EmptyState, useIsPhone } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useJournalChain } from '../api/useJournalChain';
import { ChainSelects, groupLabelOf } from './ChainSelects';
import { ChainSummary } from './ChainSummary';
import { JournalView } from './JournalView';

/**
 * The teacher's journal: the choice chain, then the chosen journal. On a phone a chosen journal
 * folds its choices into a summary with a "change" button, so its students fill the first screen.
 */
export function TeacherJournal() {
  const { t } = useTranslation(NAMESPACE);
  const chain = useJournalChain();
  const { key, discipline, group, lessonType } = chain;
  const isPhone = useIsPhone();
  const chainId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  /** A choice was made in the selects since the last journal was chosen. */
  const choseHere = useRef(false);
  const refocus = useRef(false);
  const [editing, setEditing] = useState(false);
  const chosen = key && discipline && group && lessonType ? JSON.stringify(key) : null;

  // Each journal chosen (or restored) folds the choices; a choice made in them hands the focus
  // to the button that shows them again, as the select it was on goes away.
  useEffect(() => {
    if (chosen === null) return;
    refocus.current = choseHere.current;
    choseHere.current = false;
    setEditing(false);
  }, [chosen]);
  const folded = isPhone && chosen !== null && !editing;
  useEffect(() => {
    if (folded && refocus.current) toggle.current?.focus();
    refocus.current = false;
  }, [folded]);

  const emptyStep =
    chain.disciplines.data?.length === 0
      ? t('chain.noDisciplines')
      : chain.groups.data?.length === 0
        ? t('chain.noGroups')
        : chain.lessonTypes.data?.length === 0
          ? t('chain.noLessonTypes')
          : null;

  const year = academicYearOptions().find((option) => option.id === chain.year)?.name ?? '';
  return (
    <>
      {isPhone && discipline && group && lessonType && chosen !== null && (
        <ChainSummary
          discipline={discipline.name}
          group={groupLabelOf(t, group)}
          lessonType={lessonType.name}
          semester={chain.ws === null ? year : `${t(`wsName.${chain.ws}`)}, ${year}`}
          expanded={!folded}
          controls={chainId}
          onToggle={() => setEditing((open) => !open)}
          toggleRef={toggle}
        />
      )}
      {!folded && (
        <div
          onChangeCapture={() => {
            choseHere.current = isPhone;
          }}
        >
          <ChainSelects chain={chain} id={chainId} />
        </div>
      )}
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
