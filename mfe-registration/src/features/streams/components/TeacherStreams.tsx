import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  DataTable,
  EmptyState,
  SectionHeader,
  type StreamStudent,
  type TeacherStream,
  useButtonClass,
} from '@lms/shared';
import { TermSelect } from '../../../components/TermSelect';
import { NAMESPACE } from '../../../i18n';
import { loadFailure } from '../../../lib/loadError';
import { useTerm } from '../../../lib/term';
import { streamStudentsCsvUrl, useTeacherStreams } from '../api/streams';
import styles from './TeacherStreams.module.css';

/** A teacher's streams of a semester with their seats; a stream's registered students and CSV. */
export function TeacherStreams() {
  const { t } = useTranslation(NAMESPACE);
  const chain = useTerm();
  const [streamId, setStreamId] = useState<number | null>(null);
  const { streams, students } = useTeacherStreams(chain.term, streamId);
  const headingId = useId();
  const linkButton = useButtonClass();
  const chosen = streams.data?.find((s) => s.subgroup === streamId);

  return (
    <div className={styles.page}>
      <TermSelect chain={chain} />
      {chain.semesters.data?.length === 0 ? (
        <EmptyState message={t('teacher.none')} />
      ) : (
        <DataTable<TeacherStream>
          caption={t('teacher.caption')}
          rows={chain.term ? streams.data : []}
          loading={chain.term !== undefined && streams.isPending}
          error={loadFailure(t, 'list', streams.error)}
          onRetry={() => void streams.refetch()}
          rowKey={(s) => s.subgroup}
          emptyMessage={t('teacher.none')}
          columns={[
            { key: 'discipline', header: t('list.discipline'), render: (s) => s.discipline },
            { key: 'type', header: t('teacher.type'), render: (s) => s.vid_zaniatiy },
            { key: 'stream', header: t('form.stream'), render: (s) => s.name },
            {
              key: 'seats',
              header: t('teacher.seats'),
              align: 'end',
              render: (s) =>
                t('teacher.seatsValue', { taken: s.taken, capacity: s.capacity, free: s.free }),
            },
            {
              key: 'open',
              header: t('list.actions'),
              render: (s) => (
                <Button
                  aria-pressed={streamId === s.subgroup}
                  onClick={() => setStreamId(s.subgroup)}
                >
                  {t('teacher.show', { name: `${s.discipline}, ${s.vid_zaniatiy}, ${s.name}` })}
                </Button>
              ),
            },
          ]}
        />
      )}
      {chosen && (
        <section className={styles.students} aria-labelledby={headingId}>
          <SectionHeader
            id={headingId}
            level={2}
            title={t('teacher.studentsTitle', {
              name: `${chosen.discipline}, ${chosen.vid_zaniatiy}, ${chosen.name}`,
            })}
            actions={
              <a className={linkButton} href={streamStudentsCsvUrl(chosen.subgroup)} download>
                {t('teacher.csv')}
              </a>
            }
          />
          <DataTable<StreamStudent>
            caption={t('teacher.studentsCaption')}
            captionHidden
            rows={students.data}
            loading={students.isPending}
            error={loadFailure(t, 'students', students.error)}
            onRetry={() => void students.refetch()}
            rowKey={(s) => s.id_student}
            emptyMessage={t('teacher.noStudents')}
            columns={[
              { key: 'num', header: '№', align: 'end', render: (s) => s.num, width: '3rem' },
              {
                key: 'name',
                header: t('teacher.student'),
                render: (s) => s.s_fio,
                rowHeader: true,
              },
              { key: 'group', header: t('teacher.group'), render: (s) => s.group },
            ]}
          />
        </section>
      )}
    </div>
  );
}
