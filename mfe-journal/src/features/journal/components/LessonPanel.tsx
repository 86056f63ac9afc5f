import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  ChoiceSelect,
  confirm,
  errorMessage,
  ErrorState,
  FormError,
  JOURNAL_TOPIC_MAX_LENGTH,
  Loading,
  TextAreaField,
  usePlainList,
  useVisuallyHidden,
  type JournalKey,
  type LessonTopic,
  notifyFailure,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useBringIntoView } from '../../../lib/useBringIntoView';
import {
  useDeleteLesson,
  useModules,
  useRemoveStudent,
  useSaveTopic,
  useTopic,
} from '../api/useJournal';
import type { GridLesson, GridStudent } from '../types';
import styles from './TeacherJournal.module.css';

export interface LessonPanelProps {
  journal: JournalKey;
  lesson: GridLesson;
  /** Students on the lesson's list. */
  students: readonly GridStudent[];
  onClose: () => void;
}

/**
 * One lesson: its topic and module, its student list, deleting it. A colleague's lesson is shown
 * read-only: who gives it, its topic as text, its list without controls.
 */
export function LessonPanel({ journal, lesson, students, onClose }: LessonPanelProps) {
  const { t } = useTranslation(NAMESPACE);
  const plainList = usePlainList();
  const hidden = useVisuallyHidden();
  const id_lesson = Number(lesson.key);
  const topic = useTopic(id_lesson);
  const remove = useRemoveStudent(journal);
  const deletion = useDeleteLesson(journal);
  const owner = lesson.owner;
  const readOnly = owner !== null;
  // Opened from a lesson's date, maybe far down the grid: the panel comes into view.
  const ref = useBringIntoView<HTMLElement>(lesson.key);

  const removeStudent = async (student: GridStudent) => {
    const yes = await confirm(
      t('lesson.removeStudentConfirm', { student: student.name, lesson: lesson.title }),
      { confirmLabel: t('lesson.removeStudent'), danger: true },
    );
    if (!yes) return;
    remove.mutate(
      { id_lesson, id_student: student.id },
      { onError: (error) => notifyFailure(error) },
    );
  };

  const deleteLesson = async () => {
    const yes = await confirm(t('lesson.deleteConfirm', { lesson: lesson.title }), {
      confirmLabel: t('lesson.deleteConfirmButton'),
      danger: true,
    });
    if (!yes) return;
    deletion.mutate(id_lesson, {
      onSuccess: onClose,
      onError: (error) => notifyFailure(error),
    });
  };

  return (
    <section
      ref={ref}
      className={styles.panel}
      aria-label={t('topic.title', { lesson: lesson.title })}
    >
      <div className={styles.panelHeader}>
        <h2 className={styles.panelTitle}>{t('topic.title', { lesson: lesson.title })}</h2>
        <Button variant="secondary" onClick={onClose}>
          {t('topic.close')}
        </Button>
      </div>
      {readOnly && (
        <p className={styles.readOnlyNote}>{t('lesson.readOnly', { teacher: owner })}</p>
      )}
      {topic.isPending && <Loading />}
      {topic.isError && <ErrorState error={topic.error} onRetry={() => void topic.refetch()} />}
      {topic.data &&
        (readOnly ? (
          <TopicText journal={journal} topic={topic.data} />
        ) : (
          <TopicForm journal={journal} id_lesson={id_lesson} topic={topic.data} key={id_lesson} />
        ))}
      <h3 className={styles.subTitle}>{t('topic.students')}</h3>
      <ul className={`${plainList} ${styles.studentList}`}>
        {students.map((student) => (
          <li key={student.id} className={styles.studentItem}>
            <span>{student.name}</span>
            {!readOnly && (
              <Button
                variant="secondary"
                disabled={remove.isPending}
                onClick={() => void removeStudent(student)}
              >
                {t('lesson.removeStudent')}
                <span className={hidden}>
                  {' — '}
                  {t('lesson.removeStudentLabel', { student: student.name, lesson: lesson.title })}
                </span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      {!readOnly && (
        <div className={styles.row}>
          <Button
            variant="danger"
            disabled={deletion.isPending}
            onClick={() => void deleteLesson()}
          >
            {t('lesson.delete')}
          </Button>
        </div>
      )}
    </section>
  );
}

/** A colleague's lesson's topic and module, as text. */
function TopicText({ journal, topic }: { journal: JournalKey; topic: LessonTopic }) {
  const { t } = useTranslation(NAMESPACE);
  const modules = useModules(journal);
  const module = modules.data?.find((m) => m.id_module === topic.id_module)?.name;
  return (
    <dl className={styles.topicForm}>
      <dt className={styles.subTitle}>{t('topic.text')}</dt>
      <dd className={styles.topicText}>{topic.tema === '' ? t('topic.none') : topic.tema}</dd>
      {module !== undefined && (
        <>
          <dt className={styles.subTitle}>{t('topic.module')}</dt>
          <dd className={styles.topicText}>{module}</dd>
        </>
      )}
    </dl>
  );
}

function TopicForm({
  journal,
  id_lesson,
  topic,
}: {
  journal: JournalKey;
  id_lesson: number;
  topic: LessonTopic;
}) {
  const { t } = useTranslation(NAMESPACE);
  const modules = useModules(journal);
  const save = useSaveTopic(journal);
  const [tema, setTema] = useState(topic.tema);
  const [module, setModule] = useState(topic.id_module);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id_lesson, tema: tema.trim(), id_module: module });
  };

  return (
    <form className={styles.topicForm} onSubmit={submit}>
      <TextAreaField
        label={t('topic.text')}
        value={tema}
        maxLength={JOURNAL_TOPIC_MAX_LENGTH}
        rows={2}
        onChange={(event) => setTema(event.target.value)}
      />
      <ChoiceSelect
        label={t('topic.module')}
        placeholder
        items={modules.data}
        getId={(m) => m.id_module}
        getLabel={(m) => m.name}
        value={module}
        loading={modules.isPending}
        loadError={modules.error ?? undefined}
        onRetry={() => void modules.refetch()}
        onChange={(id) => setModule(id)}
      />
      <FormError>{save.isError ? errorMessage(save.error) : null}</FormError>
      <div className={styles.row}>
        <Button variant="primary" type="submit" disabled={save.isPending}>
          {save.isPending ? t('topic.saving') : t('topic.save')}
        </Button>
      </div>
    </form>
  );
}
