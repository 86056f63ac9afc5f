import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  DataTable,
  type DataTableColumn,
  EmptyState,
  Field,
  SectionHeader,
  type StreamStudent,
  type StreamWaiter,
  type TeacherStream,
  useButtonClass,
  useFormat,
  useSession,
} from '@lms/shared';
import { TermSelect } from '../../../components/TermSelect';
import { NAMESPACE } from '../../../i18n';
import { STREAMS_ANCHOR } from '../../../lib/anchors';
import { bringIntoView } from '../../../lib/bringIntoView';
import { loadFailure } from '../../../lib/loadError';
import { useTerm, type Term } from '../../../lib/term';
import { streamStudentsCsvUrl, streamWaitlistCsvUrl, useTeacherStreams } from '../api/streams';
import styles from './TeacherStreams.module.css';

const streamName = (s: TeacherStream) => `${s.discipline}, ${s.vid_zaniatiy}, ${s.name}`;

/** From this many streams on the list can be narrowed by a word (the registrar sees them all). */
const FILTER_FROM = 9;

/** The streams whose discipline, teacher, lesson type or name contain the words typed. */
function matching(streams: readonly TeacherStream[], query: string): readonly TeacherStream[] {
  const words = query.toLocaleLowerCase().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return streams;
  return streams.filter((s) => {
    const text = [s.discipline, s.t_fio, s.vid_zaniatiy, s.name].join(' ').toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * A teacher's streams of a semester with their seats; a stream's registered students and CSV.
 * `forTerm` adds what else concerns the chosen semester (the registrar's appointments), `after`
 * what comes below it all (the registrar's holds).
 */
export function TeacherStreams({
  forTerm,
  after,
}: {
  forTerm?: (term: Term) => ReactNode;
  after?: ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const chain = useTerm();
  const [streamId, setStreamId] = useState<number | null>(null);
  const { streams, students, waitlist } = useTeacherStreams(chain.term, streamId);
  const headingId = useId();
  const waitlistId = useId();
  const chosen = streams.data?.find((s) => s.subgroup === streamId);
  const registrar = useSession().user?.registrarPerms === true;
  const studentsSection = useRef<HTMLElement>(null);
  const [query, setQuery] = useState('');
  const all = chain.term ? streams.data : [];
  const shown = all && matching(all, query);
  const filterable = (all?.length ?? 0) >= FILTER_FROM;
  // Until the semester is known the list is loading, not empty.
  const listLoading = chain.term
    ? streams.isPending
    : chain.defaultYear.isPending || (chain.yearId !== null && chain.semesters.isPending);
  // What comes below the list waits for its first answer: shown under the loaded list, it is not
  // pushed down the screen when the list arrives (and stays while another semester loads).
  const [listSettled, setListSettled] = useState(false);
  if (!listLoading && !listSettled) setListSettled(true);

  // The students open under the streams: bring them into view when a stream is chosen.
  useEffect(() => {
    if (streamId !== null && studentsSection.current) {
      bringIntoView(studentsSection.current, { block: 'nearest' });
    }
  }, [streamId]);

  return (
    <>
      <TermSelect chain={chain} />
      {chain.semesters.data?.length === 0 ? (
        <EmptyState message={t('teacher.none')} />
      ) : (
        <div id={STREAMS_ANCHOR} className={styles.streams}>
          {filterable && (
            <div className={styles.filter}>
              <Field
                label={t('teacher.filter')}
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
              <p role="status" className={styles.count}>
                {query.trim() === ''
                  ? ''
                  : t('teacher.filterCount', {
                      shown: format.number(shown?.length ?? 0),
                      total: format.number(all?.length ?? 0),
                    })}
              </p>
            </div>
          )}
          <DataTable<TeacherStream>
            caption={registrar ? t('teacher.allCaption') : t('teacher.caption')}
            rows={shown}
            loading={listLoading}
            error={loadFailure(t, 'list', streams.error)}
            onRetry={() => void streams.refetch()}
            rowKey={(s) => s.subgroup}
            emptyMessage={query.trim() === '' ? t('teacher.none') : t('teacher.filterNone')}
            columns={[
              {
                key: 'discipline',
                header: t('list.discipline'),
                rowHeader: true,
                render: (s) => s.discipline,
              },
              ...(registrar
                ? [
                    {
                      key: 'teacher',
                      header: t('form.teacher'),
                      render: (s: TeacherStream) => s.t_fio,
                    },
                  ]
                : []),
              { key: 'type', header: t('teacher.type'), render: (s) => s.vid_zaniatiy },
              {
                key: 'stream',
                header: t('form.stream'),
                // '1-агым' (Kyrgyz) is one word: never broken at its hyphen.
                render: (s) => <span className={styles.streamName}>{s.name}</span>,
              },
              {
                key: 'seats',
                header: t('teacher.seats'),
                align: 'end',
                priority: 'key',
                render: (s) =>
                  t('teacher.seatsValue', {
                    taken: format.number(s.taken),
                    capacity: format.number(s.capacity),
                    free: format.number(s.free),
                  }),
              },
              {
                key: 'waiting',
                header: t('teacher.waiting'),
                align: 'end',
                priority: 'key',
                render: (s) => format.number(s.waiting),
              },
              {
                key: 'open',
                header: t('list.actions'),
                priority: 'key',
                render: (s) => (
                  <Button
                    variant={streamId === s.subgroup ? 'secondary' : 'plain'}
                    aria-label={t('teacher.showNamed', { name: streamName(s) })}
                    aria-pressed={streamId === s.subgroup}
                    onClick={() => setStreamId(s.subgroup)}
                  >
                    {t('teacher.show')}
                  </Button>
                ),
              },
            ]}
          />
        </div>
      )}
      {chosen && (
        <section ref={studentsSection} className={styles.students} aria-labelledby={headingId}>
          <StreamRoster<StreamStudent>
            id={headingId}
            title={t('teacher.studentsTitle', { name: streamName(chosen) })}
            csvUrl={streamStudentsCsvUrl(chosen.subgroup)}
            csvLabel={t('teacher.csv')}
            caption={t('teacher.studentsCaption')}
            list={students}
            failure="students"
            emptyMessage={t('teacher.noStudents')}
            first={{
              key: 'num',
              header: '№',
              label: t('teacher.num'),
              align: 'end',
              priority: 'low',
              render: (s) => format.number(s.num),
              width: '3rem',
            }}
            last={{
              key: 'registeredAt',
              header: t('teacher.registeredAt'),
              priority: 'low',
              render: (s) => format.dateTime(s.registeredAt),
            }}
          />
          <StreamRoster<StreamWaiter>
            id={waitlistId}
            title={t('teacher.waitlistTitle', { name: streamName(chosen) })}
            csvUrl={streamWaitlistCsvUrl(chosen.subgroup)}
            csvLabel={t('teacher.waitlistCsv')}
            caption={t('teacher.waitlistCaption')}
            list={waitlist}
            failure="waitlist"
            emptyMessage={t('teacher.noWaiters')}
            first={{
              key: 'position',
              header: t('teacher.position'),
              align: 'end',
              render: (s) => format.number(s.position),
              width: '5rem',
            }}
            last={{
              key: 'joinedAt',
              header: t('teacher.joinedAt'),
              priority: 'low',
              render: (s) => format.dateTime(s.joinedAt),
            }}
          />
        </section>
      )}
      {listSettled && chain.term && forTerm?.(chain.term)}
      {listSettled && after}
    </>
  );
}

/** A student on one of a stream's lists (the registered students, the waiting list). */
interface RosterRow {
  id_student: number;
  s_fio: string;
  group: string;
}

/**
 * One of a stream's lists of students under its heading with the CSV download: its own first and
 * last columns around the student's name and group.
 */
function StreamRoster<Row extends RosterRow>({
  id,
  title,
  csvUrl,
  csvLabel,
  caption,
  list,
  failure,
  emptyMessage,
  first,
  last,
}: {
  id: string;
  title: string;
  csvUrl: string;
  csvLabel: string;
  caption: string;
  list: {
    data: readonly Row[] | undefined;
    isPending: boolean;
    error: unknown;
    refetch: () => Promise<unknown>;
  };
  failure: 'students' | 'waitlist';
  emptyMessage: string;
  first: DataTableColumn<Row>;
  last: DataTableColumn<Row>;
}) {
  const { t } = useTranslation(NAMESPACE);
  const linkButton = useButtonClass();
  return (
    <>
      <SectionHeader
        id={id}
        level={2}
        title={title}
        actions={
          <a className={linkButton} href={csvUrl} download>
            {csvLabel}
          </a>
        }
      />
      <DataTable<Row>
        caption={caption}
        captionHidden
        rows={list.data}
        loading={list.isPending}
        error={loadFailure(t, failure, list.error)}
        onRetry={() => void list.refetch()}
        rowKey={(s) => s.id_student}
        emptyMessage={emptyMessage}
        columns={[
          first,
          { key: 'name', header: t('teacher.student'), render: (s) => s.s_fio, rowHeader: true },
          { key: 'group', header: t('teacher.group'), render: (s) => s.group },
          last,
        ]}
      />
    </>
  );
}
