import { useTranslation } from 'react-i18next';
import { ChoiceSelect } from '@lms/shared';
import { NAMESPACE } from '../i18n';
import type { TermChain } from '../lib/term';
import styles from './TermSelect.module.css';

/** Year and semester, each with the spec's ' --- ' placeholder (id -1). */
export function TermSelect({ chain }: { chain: TermChain }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className={styles.row}>
      <ChoiceSelect
        label={t('term.year')}
        placeholder
        items={chain.years.data}
        getId={(y) => y.id_a_year}
        getLabel={(y) => y.name}
        value={chain.yearId}
        loading={chain.years.isPending || chain.defaultYear.isPending}
        loadError={chain.years.error ?? chain.defaultYear.error ?? undefined}
        onRetry={() => void Promise.all([chain.years.refetch(), chain.defaultYear.refetch()])}
        onChange={(id) => chain.chooseYear(id)}
      />
      <ChoiceSelect
        label={t('term.semester')}
        placeholder
        items={chain.yearId === null ? [] : chain.semesters.data}
        getId={(s) => s.id_semester}
        getLabel={(s) => t(`term.ws.${s.id_semester}`)}
        value={chain.semesterId}
        loading={chain.yearId !== null && chain.semesters.isPending}
        loadError={chain.semesters.error ?? undefined}
        onRetry={() => void chain.semesters.refetch()}
        onChange={(id) => chain.chooseSemester(id)}
      />
    </div>
  );
}
