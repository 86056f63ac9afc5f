import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  confirm,
  DataTable,
  errorMessage,
  type Registration,
  useFormat,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { bringIntoView } from '../../../lib/bringIntoView';
import { useRegistrationWrites } from '../api/registration';
import { ByTypePanel } from './ByTypePanel';
import styles from './Registration.module.css';

/**
 * The student's registrations; delete asks first, the list reloads after it. The registration
 * just saved (`saved`) is brought into view once the list has it, and takes the focus, so the
 * student sees and hears where it went (on a phone the list is above the forms, off-screen).
 */
export function RegistrationList({
  items,
  canChange,
  saved = null,
}: {
  items: readonly Registration[];
  canChange: boolean;
  saved?: number | null;
}) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const { remove } = useRegistrationWrites();
  const [open, setOpen] = useState<number | null>(null);
  const newRow = useRef<HTMLSpanElement>(null);
  // Each row's "lesson types" button, to give the focus back when its panel closes.
  const openers = useRef(new Map<number, HTMLButtonElement>());
  const savedShown = saved !== null && items.some((item) => item.id_disciplineForStudent === saved);

  useEffect(() => {
    if (savedShown && newRow.current) bringIntoView(newRow.current, { focus: true });
  }, [saved, savedShown]);

  const ask = async (item: Registration) => {
    const yes = await confirm(t('list.confirmDelete', { name: item.discipline }), {
      danger: true,
      confirmLabel: t('list.delete'),
    });
    if (yes) remove.mutate(item.id_disciplineForStudent);
  };

  const opened = items.find((item) => item.id_disciplineForStudent === open);
  return (
    <>
      {remove.isError && (
        <p className={styles.refusal} role="alert">
          {errorMessage(remove.error)}
        </p>
      )}
      <DataTable<Registration>
        caption={t('list.caption')}
        captionHidden
        rows={items}
        rowKey={(item) => item.id_disciplineForStudent}
        emptyMessage={t('list.empty')}
        columns={[
          {
            key: 'discipline',
            header: t('list.discipline'),
            rowHeader: true,
            render: (item) =>
              item.id_disciplineForStudent === saved ? (
                <span ref={newRow} tabIndex={-1} className={styles.newRow}>
                  {item.discipline}
                </span>
              ) : (
                item.discipline
              ),
          },
          {
            key: 'credits',
            header: t('list.credits'),
            align: 'end',
            priority: 'key',
            render: (item) => format.number(item.kredits),
          },
          {
            key: 'teacher',
            header: t('list.teacher'),
            render: (item) => (
              <ul className={styles.lessons}>
                {item.lessons.map((lesson) => (
                  <li key={lesson.id_vid_zaniatiy}>
                    {lesson.vid_zaniatiy}: {lesson.t_fio}, {lesson.stream}
                  </li>
                ))}
              </ul>
            ),
          },
          {
            key: 'control',
            header: t('list.control'),
            priority: 'low',
            render: (item) => item.examination,
          },
          {
            key: 'kind',
            header: t('list.kind'),
            priority: 'low',
            render: (item) => (item.isByPlan ? t('list.byPlan') : t('list.elective')),
          },
          {
            key: 'actions',
            header: t('list.actions'),
            priority: 'key',
            render: (item) => (
              <div className={styles.actions}>
                <Button
                  ref={(button) => {
                    if (button) openers.current.set(item.id_disciplineForStudent, button);
                    else openers.current.delete(item.id_disciplineForStudent);
                  }}
                  aria-label={t('bytype.title', { name: item.discipline })}
                  aria-expanded={open === item.id_disciplineForStudent}
                  onClick={() =>
                    setOpen(
                      open === item.id_disciplineForStudent ? null : item.id_disciplineForStudent,
                    )
                  }
                >
                  {t('bytype.open')}
                </Button>
                {canChange && (
                  <Button
                    variant="danger"
                    aria-label={t('list.deleteNamed', { name: item.discipline })}
                    disabled={remove.isPending}
                    onClick={() => void ask(item)}
                  >
                    {t('list.delete')}
                  </Button>
                )}
              </div>
            ),
          },
        ]}
      />
      {opened && (
        <ByTypePanel
          registration={opened}
          canChange={canChange}
          onClose={() => {
            setOpen(null);
            openers.current.get(opened.id_disciplineForStudent)?.focus();
          }}
        />
      )}
    </>
  );
}
