import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  confirm,
  EmptyState,
  ErrorState,
  Field,
  FormError,
  Loading,
  notify,
  notifyFailure,
  SelectField,
  TextAreaField,
  errorMessage,
  type QuestionKind,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { deleteQuestion, saveQuestion, saveTopic, useBank, useTeacherWrite } from '../api/teach';
import { KINDS, questionBody, type QuestionForm } from '../questionForm';
import { BankExport } from './BankExport';
import { GiftImport } from './GiftImport';
import styles from './Teach.module.css';

const HINT: Partial<Record<QuestionKind, string>> = {
  single: 'optionsHint_choice',
  multiple: 'optionsHint_choice',
  matching: 'optionsHint_matching',
  ordering: 'optionsHint_ordering',
  short: 'optionsHint_short',
};

/** The teacher's bank for one discipline: topics, their questions, a new topic and question. */
export function BankSection({ disciplineId }: { disciplineId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const bank = useBank(disciplineId);
  const addTopic = useTeacherWrite(saveTopic);
  const addQuestion = useTeacherWrite(saveQuestion);
  const removeQuestion = useTeacherWrite(deleteQuestion);
  const [topicTitle, setTopicTitle] = useState('');
  const [form, setForm] = useState<Omit<QuestionForm, 'topicId'> & { topicId: number | null }>({
    topicId: null,
    kind: 'single',
    text: '',
    points: 1,
    lines: '',
    caseSensitive: false,
    value: '',
    tolerance: '',
    truth: true,
    feedback: '',
  });

  if (bank.isPending) return <Loading />;
  if (bank.isError) return <ErrorState error={bank.error} onRetry={() => void bank.refetch()} />;
  const topics = bank.data.topics;
  const topicId = form.topicId ?? topics[0]?.id ?? null;
  const set = (patch: Partial<typeof form>) => setForm((old) => ({ ...old, ...patch }));

  const submitTopic = (event: FormEvent) => {
    event.preventDefault();
    addTopic.mutate({ disciplineId, title: topicTitle }, { onSuccess: () => setTopicTitle('') });
  };
  const submitQuestion = (event: FormEvent) => {
    event.preventDefault();
    if (topicId === null) return;
    addQuestion.mutate(questionBody({ ...form, topicId }), {
      onSuccess: () => {
        notify(t('questionAdded'), 'success');
        set({ text: '', lines: '', value: '', tolerance: '', feedback: '' });
      },
    });
  };
  const remove = async (id: number) => {
    if (!(await confirm(t('deleteConfirm'), { danger: true, confirmLabel: t('deleteQuestion') }))) {
      return;
    }
    removeQuestion.mutate({ id }, { onError: (error) => notifyFailure(error) });
  };

  return (
    <section className={styles.section} aria-labelledby="testing-bank">
      <h2 id="testing-bank">{t('bank')}</h2>
      {topics.length === 0 && <EmptyState message={t('noTopics')} />}
      {topics.map((topic) => (
        <details key={topic.id} className={styles.topic}>
          <summary>
            {topic.title} ({topic.questions.length})
          </summary>
          <ol>
            {topic.questions.map((question) => (
              <li key={question.id}>
                <span>
                  {question.text} — {t(`kind_${question.kind}`)}
                </span>{' '}
                <Button variant="danger" onClick={() => void remove(question.id)}>
                  {t('deleteQuestion')}
                </Button>
              </li>
            ))}
          </ol>
        </details>
      ))}
      <form className={styles.form} onSubmit={submitTopic}>
        <h3>{t('newTopic')}</h3>
        <Field
          label={t('topicTitle')}
          value={topicTitle}
          required
          onChange={(event) => setTopicTitle(event.target.value)}
        />
        {addTopic.isError && <FormError>{errorMessage(addTopic.error)}</FormError>}
        <Button type="submit" variant="secondary" disabled={addTopic.isPending}>
          {t('addTopic')}
        </Button>
      </form>
      <GiftImport disciplineId={disciplineId} />
      <GiftImport disciplineId={disciplineId} format="xml" />
      <BankExport disciplineId={disciplineId} topics={topics} />
      {topicId !== null && (
        <form className={styles.form} onSubmit={submitQuestion}>
          <h3>{t('newQuestion')}</h3>
          <SelectField
            label={t('topic')}
            value={topicId}
            onChange={(event) => set({ topicId: Number(event.target.value) })}
          >
            {topics.map((topic) => (
              <option key={topic.id} value={topic.id}>
                {topic.title}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('kind')}
            value={form.kind}
            onChange={(event) => set({ kind: event.target.value as QuestionKind })}
          >
            {KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kind_${kind}`)}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            label={t('questionText')}
            value={form.text}
            required
            rows={3}
            onChange={(event) => set({ text: event.target.value })}
          />
          <Field
            label={t('questionPoints')}
            type="number"
            min={1}
            max={100}
            value={form.points}
            onChange={(event) => set({ points: Number(event.target.value) || 1 })}
          />
          {HINT[form.kind] && (
            <TextAreaField
              label={t('options')}
              hint={t(HINT[form.kind] as string)}
              value={form.lines}
              rows={5}
              onChange={(event) => set({ lines: event.target.value })}
            />
          )}
          {form.kind === 'short' && (
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={form.caseSensitive}
                onChange={(event) => set({ caseSensitive: event.target.checked })}
              />
              {t('caseSensitive')}
            </label>
          )}
          {form.kind === 'numeric' && (
            <>
              <Field
                label={t('value')}
                inputMode="decimal"
                value={form.value}
                onChange={(event) => set({ value: event.target.value })}
              />
              <Field
                label={t('tolerance')}
                inputMode="decimal"
                value={form.tolerance}
                onChange={(event) => set({ tolerance: event.target.value })}
              />
            </>
          )}
          {form.kind === 'truefalse' && (
            <SelectField
              label={t('statementIs')}
              value={String(form.truth)}
              onChange={(event) => set({ truth: event.target.value === 'true' })}
            >
              <option value="true">{t('true')}</option>
              <option value="false">{t('false')}</option>
            </SelectField>
          )}
          <TextAreaField
            label={t('questionFeedback')}
            value={form.feedback ?? ''}
            rows={2}
            onChange={(event) => set({ feedback: event.target.value })}
          />
          {addQuestion.isError && <FormError>{errorMessage(addQuestion.error)}</FormError>}
          <Button type="submit" variant="primary" disabled={addQuestion.isPending}>
            {t('addQuestion')}
          </Button>
        </form>
      )}
    </section>
  );
}
