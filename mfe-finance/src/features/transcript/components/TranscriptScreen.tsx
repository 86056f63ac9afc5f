import { useTranslation } from 'react-i18next';
import {
  Button,
  DataTable,
  EmptyState,
  errorMessage,
  ErrorState,
  FormError,
  Loading,
  ROLE,
  useFormat,
  useSession,
  type TranscriptRow,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { replacedKey, useReplacedGrades, useTranscript, useTranscriptPdf } from '../api/transcript';
import styles from './Transcript.module.css';

/** /lms/transcript: the student's grades by group, year and semester, and the PDF. */
export function TranscriptScreen() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const format = useFormat();
  const { user } = useSession();
  const transcript = useTranscript();
  const pdf = useTranscriptPdf();
  // The retakes' notes: without them (still loading, or refused) the grades alone are shown.
  const replaced = useReplacedGrades().data;
  if (user?.role !== ROLE.student) return <EmptyState message={t('transcript.studentsOnly')} />;
  if (transcript.isError) {
    return <ErrorState error={transcript.error} onRetry={() => void transcript.refetch()} />;
  }
  const data = transcript.data;
  if (!data) return <Loading />;
  const institution =
    i18n.language === 'kg'
      ? data.institution.name_kg
      : i18n.language === 'en'
        ? data.institution.name_en
        : data.institution.name;
  const birth = format.date(data.BirthDate) || '—';
  const points = (value: number) => format.number(value, 2);
  const hasRows = data.groups.length > 0;
  return (
    <div className={styles.screen}>
      <div className={styles.head}>
        <dl className={styles.facts}>
          <dt>{t('transcript.institution')}</dt>
          <dd>{institution}</dd>
          <dt>{t('transcript.student')}</dt>
          <dd>{data.fio}</dd>
          <dt>{t('transcript.birthDate')}</dt>
          <dd>{birth}</dd>
          <dt>{t('transcript.speciality')}</dt>
          <dd>{data.speciality}</dd>
          <dt>{t('transcript.faculty')}</dt>
          <dd>{data.faculty}</dd>
          <dt>{t('transcript.totalCredits')}</dt>
          <dd data-testid="transcript-credits">{format.number(data.kredits_sum)}</dd>
          <dt>{t('transcript.gpa')}</dt>
          <dd data-testid="transcript-gpa">{points(data.kredits_avg)}</dd>
        </dl>
        {hasRows && (
          <div className={styles.download}>
            <Button
              variant="primary"
              disabled={pdf.isPending}
              aria-busy={pdf.isPending}
              onClick={() => pdf.mutate()}
            >
              {pdf.isPending ? t('transcript.pdfPreparing') : t('transcript.pdf')}
            </Button>
            {pdf.isError && (
              <FormError>
                {t('transcript.pdfFailed', { reason: errorMessage(pdf.error) })}
              </FormError>
            )}
          </div>
        )}
      </div>
      {!hasRows && <EmptyState message={t('transcript.empty')} />}
      {data.groups.map((group) =>
        group.years.map((year) =>
          year.semesters.map((semester) => {
            const title = t('transcript.semesterTitle', {
              year: year.year,
              semester: semester.semester,
              ws: t(`transcript.ws.${semester.ws_sort}`),
              group: group.group,
            });
            return (
              <section
                key={`${group.id_group}-${year.id_a_year}-${semester.ws_sort}`}
                className={styles.semester}
                aria-label={title}
              >
                <h2 className={styles.semesterTitle}>{title}</h2>
                <DataTable<TranscriptRow>
                  caption={title}
                  captionHidden
                  rows={semester.rows}
                  rowKey={(row) => row.code_discipline}
                  columns={[
                    {
                      key: 'discipline',
                      header: t('transcript.discipline'),
                      render: (r) => r.discipline,
                      rowHeader: true,
                    },
                    {
                      key: 'code',
                      header: t('transcript.code'),
                      render: (r) => r.code_discipline,
                      priority: 'low',
                    },
                    {
                      key: 'credits',
                      header: t('transcript.credits'),
                      render: (r) => format.number(r.credits),
                      align: 'end',
                      priority: 'key',
                    },
                    {
                      key: 'score',
                      header: t('transcript.score'),
                      render: (r) => {
                        const earlier = replaced?.get(
                          replacedKey(
                            group.id_group,
                            year.id_a_year,
                            semester.ws_sort,
                            r.code_discipline,
                          ),
                        );
                        if (!earlier) return format.number(r.score);
                        // The score is a retake's: the one it replaced, discreetly under it.
                        return (
                          <>
                            {format.number(r.score)}
                            <span className={styles.replaced} data-testid="transcript-replaced">
                              {t('transcript.replaced', {
                                on: format.date(earlier.replaced_on),
                                score: format.number(earlier.score),
                                grade: earlier.grade,
                                letter: earlier.ekv_bukv,
                                date: format.date(earlier.date),
                              })}
                            </span>
                          </>
                        );
                      },
                      align: 'end',
                    },
                    {
                      key: 'grade',
                      header: t('transcript.grade'),
                      render: (r) => r.grade,
                      align: 'center',
                      priority: 'key',
                    },
                    {
                      key: 'letter',
                      header: t('transcript.letter'),
                      render: (r) => r.ekv_bukv,
                      align: 'center',
                      priority: 'key',
                    },
                    {
                      key: 'points',
                      header: t('transcript.points'),
                      render: (r) => points(r.ekv_num),
                      align: 'end',
                      priority: 'key',
                    },
                  ]}
                />
                <p className={styles.totals}>
                  {t('transcript.semesterTotals', {
                    credits: format.number(semester.kredits_sum),
                    gpa: points(semester.kredits_avg),
                  })}
                </p>
              </section>
            );
          }),
        ),
      )}
      <p className={styles.scale}>
        {t('transcript.scale')}{' '}
        {data.scale
          .map((b) => `${b.min}–${b.max}: ${b.ekv_bukv} (${b.grade}; ${points(b.ekv_num)})`)
          .join(' · ')}
      </p>
    </div>
  );
}
