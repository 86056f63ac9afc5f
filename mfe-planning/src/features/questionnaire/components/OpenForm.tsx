import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  confirm,
  errorMessage,
  Field,
  FormError,
  QUESTIONNAIRE_DEFAULT_MIN_ANSWERS,
  QUESTIONNAIRE_HIGHEST_MIN_ANSWERS,
  QUESTIONNAIRE_LOWEST_MIN_ANSWERS,
  SelectField,
  useCurrentTerm,
  type QuestionnaireSummary,
  type Ws,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useOpenQuestionnaire } from '../api/questionnaires';
import styles from './Questionnaire.module.css';

/** Opens a draft for a semester from one date to another (asked to confirm: it cannot be undone). */
export function OpenForm({
  questionnaire,
  onClose,
}: {
  questionnaire: QuestionnaireSummary;
  onClose: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const term = useCurrentTerm();
  const open = useOpenQuestionnaire(onClose);
  const [year, setYear] = useState<string>('');
  const [ws, setWs] = useState<string>('');
  const [opensOn, setOpensOn] = useState('');
  const [closesOn, setClosesOn] = useState('');
  const [minAnswers, setMinAnswers] = useState(String(QUESTIONNAIRE_DEFAULT_MIN_ANSWERS));
  const yearValue = year || String(term.year.data?.id_a_year ?? '');
  const wsValue = ws || String(term.ws.data?.ws ?? 1);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const confirmed = await confirm(t('office.confirmOpen', { title: questionnaire.title }), {
      confirmLabel: t('office.open'),
    });
    if (!confirmed) return;
    open.mutate({
      id_questionnaire: questionnaire.id,
      year: Number(yearValue),
      ws: Number(wsValue) as Ws,
      opensOn,
      closesOn,
      minAnswers: Number(minAnswers),
    });
  };
  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      aria-labelledby="open-title"
    >
      <h3 id="open-title" className={styles.cardTitle}>
        {t('office.openTitle', { title: questionnaire.title })}
      </h3>
      <Field
        label={t('office.year')}
        type="number"
        min={0}
        max={99}
        required
        value={yearValue}
        onChange={(event) => setYear(event.target.value)}
      />
      <SelectField label={t('office.ws')} value={wsValue} onChange={(e) => setWs(e.target.value)}>
        {[1, 2, 3].map((n) => (
          <option key={n} value={n}>
            {t(`ws.${n}`)}
          </option>
        ))}
      </SelectField>
      <Field
        label={t('office.opensOn')}
        type="date"
        required
        value={opensOn}
        onChange={(event) => setOpensOn(event.target.value)}
      />
      <Field
        label={t('office.closesOn')}
        type="date"
        required
        value={closesOn}
        onChange={(event) => setClosesOn(event.target.value)}
      />
      <Field
        label={t('office.minAnswers')}
        hint={t('office.minAnswersHint')}
        type="number"
        min={QUESTIONNAIRE_LOWEST_MIN_ANSWERS}
        max={QUESTIONNAIRE_HIGHEST_MIN_ANSWERS}
        required
        value={minAnswers}
        onChange={(event) => setMinAnswers(event.target.value)}
      />
      {open.isError && <FormError>{errorMessage(open.error)}</FormError>}
      <div className={styles.actions}>
        <Button
          type="submit"
          variant="primary"
          disabled={open.isPending}
          aria-busy={open.isPending}
        >
          {t('office.open')}
        </Button>
        <Button onClick={onClose}>{t('office.cancel')}</Button>
      </div>
    </form>
  );
}
