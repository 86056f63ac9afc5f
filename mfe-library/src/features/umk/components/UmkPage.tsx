import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  ChoiceSelect,
  confirm,
  EmptyState,
  errorMessage,
  ErrorState,
  formatDate,
  Loading,
  notify,
  ROLE,
  SectionHeader,
  type UmkItem,
  useSession,
} from '@lms/shared';
import { FileLink } from '../../../components/FileLink';
import styles from '../../../components/layout.module.css';
import { NAMESPACE } from '../../../i18n';
import { deleteMaterial, materialFileUrl, umkKeys, useUmkChain } from '../api/umk';
import { UmkForm } from './UmkForm';

/**
 * Teaching materials, /lms/umk: by semester, discipline, type and teacher. Teachers add, edit
 * and delete the materials of the disciplines they teach; students read theirs, new ones marked.
 */
export function UmkPage() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const uid = user?.uid ?? 0;
  const isTeacher = user?.role === ROLE.teacher;
  const queryClient = useQueryClient();
  const headingId = useId();
  const [choice, setChoice] = useState({
    semester: null as number | null,
    discipline: null as number | null,
    type: null as number | null,
    teacher: null as number | null,
  });
  const [editing, setEditing] = useState<UmkItem | 'new' | null>(null);
  const chain = useUmkChain(choice);
  const { semesters, semester, disciplines, discipline, types, teachers, list } = chain;
  const semesterItems = semesters.data?.map((s) => ({
    id: s.id_semester,
    name: t('umk.semesterN', { n: s.id_semester }),
  }));

  const remove = useMutation({
    mutationFn: async (item: UmkItem) => {
      if (!user) return false;
      const ok = await confirm(t('umk.confirmDelete', { name: item.umkName }), {
        danger: true,
        confirmLabel: t('book.delete'),
      });
      if (!ok) return false;
      await deleteMaterial({ id_human: user.id, id_humanType: user.role, id_books: item.idBook });
      return true;
    },
    onSuccess: async (deleted) => {
      if (!deleted) return;
      notify(t('umk.deleted'), 'success');
      await queryClient.invalidateQueries({ queryKey: umkKeys.all(uid) });
    },
    onError: (error) => notify(errorMessage(error), 'error'),
  });

  const onSaved = (saved: UmkItem, isNew: boolean) => {
    setEditing(null);
    if (isNew) {
      void queryClient.invalidateQueries({ queryKey: umkKeys.all(uid) });
      return;
    }
    // The edited material is updated where it stands in the list (spec §4).
    queryClient.setQueriesData<UmkItem[]>({ queryKey: umkKeys.lists(uid) }, (old) =>
      old?.map((row) => (row.idBook === saved.idBook ? saved : row)),
    );
  };

  return (
    <section className={styles.page} aria-labelledby={headingId} data-area="umk">
      <SectionHeader
        id={headingId}
        title={t('umkTitle')}
        subtitle={t('umkDescription')}
        actions={
          isTeacher && discipline && editing === null ? (
            <Button variant="primary" onClick={() => setEditing('new')}>
              {t('umk.add')}
            </Button>
          ) : null
        }
      />
      {editing !== null && semester !== null && discipline && (
        <UmkForm
          key={editing === 'new' ? 'new' : editing.idBook}
          item={editing === 'new' ? null : editing}
          semester={semester}
          disciplineId={discipline.id_discipline}
          types={types.data}
          onSaved={onSaved}
          onCancel={() => setEditing(null)}
        />
      )}
      <div className={styles.filters}>
        <ChoiceSelect
          label={t('umk.semester')}
          items={semesterItems}
          value={semester}
          onChange={(id) => setChoice({ ...choice, semester: id, discipline: null, teacher: null })}
          loading={semesters.isPending}
          loadError={semesters.error}
          onRetry={() => void semesters.refetch()}
        />
        <ChoiceSelect
          label={t('umk.discipline')}
          items={disciplines.data}
          getId={(item) => item.id_discipline}
          getLabel={(item) => item.name}
          value={discipline?.id_discipline ?? null}
          onChange={(id) => setChoice({ ...choice, discipline: id, teacher: null })}
          loading={semester !== null && disciplines.isPending}
          loadError={disciplines.error}
          onRetry={() => void disciplines.refetch()}
        />
        <ChoiceSelect
          label={t('umk.type')}
          items={types.data}
          getId={(item) => item.id_typeUmk}
          getLabel={(item) => item.name}
          value={choice.type}
          onChange={(id) => setChoice({ ...choice, type: id })}
          placeholder
          loading={types.isPending}
          loadError={types.error}
        />
        <ChoiceSelect
          label={t('umk.teacher')}
          items={teachers.data}
          getId={(item) => item.id_teacher}
          getLabel={(item) => item.t_fio}
          value={choice.teacher}
          onChange={(id) => setChoice({ ...choice, teacher: id })}
          placeholder
          loadError={teachers.error}
        />
      </div>
      {semesters.data?.length === 0 || disciplines.data?.length === 0 ? (
        <EmptyState message={t('umk.noDisciplines')} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Loading />
      ) : list.data.length === 0 ? (
        <EmptyState message={t('umk.empty')} />
      ) : (
        <ul className={styles.list} aria-label={t('umk.listLabel')}>
          {list.data.map((item) => (
            <li key={item.idBook} className={styles.card}>
              <h3 className={styles.title}>
                {item.umkName}
                {item.isNew && <span className={styles.badge}>{t('umk.new')}</span>}
              </h3>
              <p className={styles.meta}>
                {[
                  item.typeName,
                  item.author,
                  item.examName,
                  t(`audience.${item.id_forStudentKind}`),
                  t(`kind.${item.kind}`),
                  t('book.pagesCount', { count: item.totalPages }),
                  t('book.added', { date: formatDate(item.added) }),
                  t('book.downloads', { count: item.downloads }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
                {item.isForEBooks && <span className={styles.badge}>{t('umk.inLibrary')}</span>}
              </p>
              {item.description && <p className={styles.annotation}>{item.description}</p>}
              <div className={styles.actions}>
                <FileLink
                  fileName={item.fileName}
                  size={item.size}
                  mediaType={item.mediaType}
                  href={materialFileUrl(item)}
                  downloadHref={materialFileUrl(item, true)}
                />
                {item.canEdit && (
                  <>
                    <Button
                      onClick={() => setEditing(item)}
                      aria-label={t('book.editNamed', { name: item.umkName })}
                    >
                      {t('book.edit')}
                    </Button>
                    <Button
                      onClick={() => remove.mutate(item)}
                      disabled={remove.isPending}
                      aria-label={t('book.deleteNamed', { name: item.umkName })}
                    >
                      {t('book.delete')}
                    </Button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
