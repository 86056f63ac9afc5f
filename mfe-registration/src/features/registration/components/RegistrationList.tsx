import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, confirm, DataTable, errorMessage, type Registration } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useRegistrationWrites } from '../api/registration';
import { ByTypePanel } from './ByTypePanel';
import styles from './Registration.module.css';

/** The student's registrations; delete asks first, the list reloads after it. */
export function RegistrationList({
  items,
  canChange,
}: {
  items: readonly Registration[];
  canChange: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { remove } = useRegistrationWrites();
  const [open, setOpen] = useState<number | null>(null);

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
          { key: 'discipline', header: t('list.discipline'), render: (item) => item.discipline },
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
          { key: 'control', header: t('list.control'), render: (item) => item.examination },
          {
            key: 'credits',
            header: t('list.credits'),
            align: 'end',
            render: (item) => item.kredits,
          },
          {
            key: 'kind',
            header: t('list.kind'),
            render: (item) => (item.isByPlan ? t('list.byPlan') : t('list.elective')),
          },
          {
            key: 'actions',
            header: t('list.actions'),
            render: (item) => (
              <div className={styles.actions}>
                <Button
                  aria-expanded={open === item.id_disciplineForStudent}
                  onClick={() =>
                    setOpen(
                      open === item.id_disciplineForStudent ? null : item.id_disciplineForStudent,
                    )
                  }
                >
                  {t('bytype.open', { name: item.discipline })}
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
        <ByTypePanel registration={opened} canChange={canChange} onClose={() => setOpen(null)} />
      )}
    </>
  );
}
