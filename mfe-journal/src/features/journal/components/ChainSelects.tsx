import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { academicYearOptions, ChoiceSelect, useVisuallyHidden, type Ws } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import type { JournalChain } from '../api/useJournalChain';
import {
  selectDiscipline,
  selectGroup,
  selectLessonType,
  selectWs,
  selectYear,
} from '../selection';
import styles from './TeacherJournal.module.css';

const WS_IDS: readonly Ws[] = [1, 2, 3];

/** A group or subgroup as the group select names it. */
export const groupLabelOf = (
  t: TFunction,
  choice: { group: string; subgroup: string | null },
): string =>
  choice.subgroup === null
    ? t('chain.wholeGroup', { group: choice.group })
    : t('chain.subgroup', { group: choice.group, subgroup: choice.subgroup });

/** Year → semester → discipline → group or subgroup → lesson type. */
export function ChainSelects({ chain, id }: { chain: JournalChain; id?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const hidden = useVisuallyHidden();
  const { user } = chain;
  if (!user) return null;
  const semesters = WS_IDS.map((id) => ({ id, name: t(`wsName.${id}`) }));
  const groupLabel = (choice: { group: string; subgroup: string | null }) =>
    groupLabelOf(t, choice);

  return (
    <fieldset id={id} className={styles.chain}>
      <legend className={hidden}>{t('chain.label')}</legend>
      <ChoiceSelect
        label={t('chain.year')}
        items={academicYearOptions()}
        value={chain.year}
        onChange={(id) => id !== null && selectYear(user, id)}
      />
      <ChoiceSelect
        label={t('chain.ws')}
        items={semesters}
        value={chain.ws}
        loading={chain.ws === null && chain.current.isPending}
        loadError={chain.current.error ?? undefined}
        onRetry={() => void chain.retry()}
        onChange={(id) => id !== null && selectWs(user, id as Ws)}
      />
      <ChoiceSelect
        label={t('chain.discipline')}
        placeholder
        items={chain.disciplines.data}
        getId={(d) => d.id_discipline * 2 + d.isSelect}
        getLabel={(d) => d.name}
        value={
          chain.discipline ? chain.discipline.id_discipline * 2 + chain.discipline.isSelect : null
        }
        loading={chain.disciplines.isLoading}
        loadError={chain.disciplines.error ?? undefined}
        onRetry={() => void chain.retry()}
        onChange={(_id, d) =>
          selectDiscipline(
            user,
            d ? { id_discipline: d.id_discipline, isSelect: d.isSelect } : null,
          )
        }
        disabled={!chain.disciplines.data}
      />
      <ChoiceSelect
        label={t('chain.group')}
        placeholder
        items={chain.groupChoices}
        getId={(choice) => choice.id}
        getLabel={groupLabel}
        value={chain.group?.id ?? null}
        loading={chain.groups.isLoading}
        loadError={chain.groups.error ?? undefined}
        onRetry={() => void chain.retry()}
        onChange={(_id, choice) =>
          selectGroup(
            user,
            choice ? { id_group: choice.id_group, id_subgroup: choice.id_subgroup } : null,
          )
        }
        disabled={!chain.groupChoices}
      />
      <ChoiceSelect
        label={t('chain.lessonType')}
        placeholder
        items={chain.lessonTypes.data}
        getId={(l) => l.id_vid_zaniatiy}
        getLabel={(l) => l.name}
        value={chain.lessonType?.id_vid_zaniatiy ?? null}
        loading={chain.lessonTypes.isLoading}
        loadError={chain.lessonTypes.error ?? undefined}
        onRetry={() => void chain.retry()}
        onChange={(id) => selectLessonType(user, id)}
        disabled={!chain.lessonTypes.data}
      />
    </fieldset>
  );
}
