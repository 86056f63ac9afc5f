import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  ErrorState,
  errorMessage,
  FormError,
  Loading,
  TextAreaField,
  useFormat,
  type EvaluationFormItem,
  type EvaluationItemAnswer,
  QUESTIONNAIRE_ANSWER_MAX_LENGTH,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useAnswer, useForm } from '../api/questionnaires';
import styles from './Questionnaire.module.css';

/** What the student has chosen so far, by item id. */
type Draft = Record<number, { value?: number; choices?: number[]; text?: string }>;

/** The answers to send: only the items the student answered. */
export function answersOf(
  items: readonly EvaluationFormItem[],
  draft: Draft,
): EvaluationItemAnswer[] {
  const answers: EvaluationItemAnswer[] = [];
  for (const item of items) {
    const entry = draft[item.id];
    if (!entry) continue;
    if (item.kind === 'scale' && entry.value !== undefined)
      answers.push({ item: item.id, value: entry.value });
    if ((item.kind === 'single' || item.kind === 'multiple') && entry.choices?.length)
      answers.push({ item: item.id, choices: entry.choices });
    if (item.kind === 'text' && entry.text?.trim())
      answers.push({ item: item.id, text: entry.text });
  }
  return answers;
}

/** One questionnaire for one discipline × teacher, answered on a phone in a minute. */
export function EvaluationForm({ target, onClose }: { target: number; onClose: () => void }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const format = useFormat();
  const form = useForm(target, i18n.language);
  const answer = useAnswer(onClose);
  const [draft, setDraft] = useState<Draft>({});
  const [empty, setEmpty] = useState(false);
  if (form.isError)
    return (
      <div className={styles.screen}>
        <ErrorState error={form.error} onRetry={() => void form.refetch()} />
        <Button onClick={onClose}>{t('student.back')}</Button>
      </div>
    );
  if (!form.data) return <Loading />;
  const data = form.data;
  const set = (id: number, entry: Draft[number]) => {
    setEmpty(false);
    setDraft((current) => ({ ...current, [id]: entry }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const answers = answersOf(data.items, draft);
    if (answers.length === 0) return setEmpty(true);
    answer.mutate({ id_target: target, answers });
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby="evaluation-title">
      <h3 id="evaluation-title" className={styles.cardTitle}>
        {data.discipline}
      </h3>
      <p className={styles.meta}>
        {data.teacher} · {t('student.closes', { date: format.date(data.closesOn) })}
      </p>
      <p className={styles.note}>{t('student.anonymous')}</p>
      {data.items.map((item, index) => {
        const entry = draft[item.id] ?? {};
        const name = `item-${item.id}`;
        if (item.kind === 'text') {
          return (
            <TextAreaField
              key={item.id}
              label={`${index + 1}. ${item.text}`}
              maxLength={QUESTIONNAIRE_ANSWER_MAX_LENGTH}
              value={entry.text ?? ''}
              onChange={(event) => set(item.id, { text: event.target.value })}
            />
          );
        }
        const multiple = item.kind === 'multiple';
        return (
          <fieldset key={item.id} className={styles.item}>
            <legend className={styles.legend}>
              {index + 1}. {item.text}
              {multiple && <span className={styles.hint}> {t('student.several')}</span>}
            </legend>
            <div className={item.kind === 'scale' ? styles.scale : styles.choices}>
              {item.options.map((option, position) => {
                const checked =
                  item.kind === 'scale'
                    ? entry.value === position + 1
                    : (entry.choices ?? []).includes(position);
                return (
                  <label key={position} className={styles.option}>
                    <input
                      type={multiple ? 'checkbox' : 'radio'}
                      name={name}
                      checked={checked}
                      onChange={(event) => {
                        if (item.kind === 'scale') return set(item.id, { value: position + 1 });
                        if (!multiple) return set(item.id, { choices: [position] });
                        const others = (entry.choices ?? []).filter((c) => c !== position);
                        set(item.id, {
                          choices: event.target.checked
                            ? [...others, position].sort((a, b) => a - b)
                            : others,
                        });
                      }}
                    />
                    <span>{item.kind === 'scale' ? `${position + 1} — ${option}` : option}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      {empty && <FormError>{t('student.answerSomething')}</FormError>}
      {answer.isError && <FormError>{errorMessage(answer.error)}</FormError>}
      <div className={styles.actions}>
        <Button
          type="submit"
          variant="primary"
          disabled={answer.isPending}
          aria-busy={answer.isPending}
        >
          {answer.isPending ? t('student.sending') : t('student.send')}
        </Button>
        <Button onClick={onClose}>{t('student.back')}</Button>
      </div>
    </form>
  );
}
