import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  ChoiceSelect,
  confirm,
  EmptyState,
  ErrorState,
  Loading,
  notify,
  PageFrame,
  ROLE,
  type UmkItem,
  useSession,
} from '@lms/shared';
import styles from '../../../components/Common.module.css';
import { NAMESPACE } from '../../../i18n';
import { useDeleteMaterial, useShowSavedMaterial, useUmkChain } from '../api/umk';
import { MaterialTable } from './MaterialTable';
import { UmkForm } from './UmkForm';

/**
 * Teaching materials, /lms/umk: by semester, discipline, type and teacher. Teachers add, edit
 * and delete the materials of the disciplines they teach; students read theirs, new ones marked.
 */
export function UmkPage() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const isTeacher = user?.role === ROLE.teacher;
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

  const remove = useDeleteMaterial({
    confirm: (item) =>
      confirm(t('umk.confirmDelete', { name: item.umkName }), {
        danger: true,
        confirmLabel: t('book.delete'),
      }),
    deleted: () => notify(t('umk.deleted'), 'success'),
  });

  const showSaved = useShowSavedMaterial();
  const onSaved = (saved: UmkItem, isNew: boolean) => {
    setEditing(null);
    showSaved(saved, isNew);
  };

  return (
    <PageFrame
      remote={NAMESPACE}
      version={__APP_VERSION__}
      title={t('umkTitle')}
      description={t('umkDescription')}
      wide
      actions={
        isTeacher && discipline && editing === null ? (
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('umk.add')}
          </Button>
        ) : null
      }
    >
      {editing !== null && semester !== null && discipline && (
        <UmkForm
          key={editing === 'new' ? 'new' : editing.idBook}
          item={editing === 'new' ? null : editing}
          semester={semester}
          disciplineId={discipline.id_discipline}
          disciplineName={discipline.name}
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
          disabled={editing !== null}
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
          disabled={editing !== null}
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
      ) : (
        <MaterialTable
          items={list.data}
          loading={list.isFetching}
          onEdit={(item) => setEditing(item)}
          onDelete={(item) => remove.mutate(item)}
          deleting={remove.isPending}
        />
      )}
    </PageFrame>
  );
}
