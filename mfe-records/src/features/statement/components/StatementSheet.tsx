import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  confirm,
  DataTable,
  errorMessage,
  ErrorState,
  FormError,
  Loading,
  STATEMENT_EXAM_MAX,
  useFormat,
  type StatementDetail,
  type StatementLine,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import {
  confirmStatement,
  lockStatement,
  saveStatement,
  useStatement,
  useStatementStep,
} from '../api/statements';
import { examEntries, examProblem } from '../points';
import styles from './Statement.module.css';
import { SignStep } from './SignStep';
import { RetakeForm } from './RetakeForm';
import { RetakeHistory } from './RetakeHistory';

/** One statement: its lines, the teacher's points and signature, the registrar's steps. */
export function StatementSheet({
  id,
  who,
  onBack,
  onOpen,
}: {
  id: number;
  who: 'teacher' | 'registrar';
  onBack: () => void;
  /** Opens another sheet (a retake sheet just opened, an original from its retake). */
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const statement = useStatement(id);
  return (
    <div className={styles.screen}>
      <div>
        <Button onClick={onBack}>{t('statement.back')}</Button>
      </div>
      {statement.isError ? (
        <ErrorState error={statement.error} onRetry={() => void statement.refetch()} />
      ) : statement.data ? (
        <Sheet detail={statement.data} who={who} onOpen={onOpen} />
      ) : (
        <Loading />
      )}
    </div>
  );
}

function Sheet({
  detail,
  who,
  onOpen,
}: {
  detail: StatementDetail;
  who: 'teacher' | 'registrar';
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const [edits, setEdits] = useState<Record<number, string>>({});
  const save = useStatementStep(saveStatement);
  const confirmStep = useStatementStep(confirmStatement);
  const lock = useStatementStep(lockStatement);
  const editable = who === 'teacher' && detail.state === 'draft';
  const problems = detail.lines.filter((l) => examProblem(edits[l.id_student]) !== null);
  const entries = examEntries(detail.lines, edits);
  const busy = save.isPending || confirmStep.isPending || lock.isPending;
  const failed = save.error ?? confirmStep.error ?? lock.error;
  const shown = (value: number | string | null) => (value === null ? '—' : String(value));

  const onSave = () =>
    save.mutate({ id: detail.id, lines: entries }, { onSuccess: () => setEdits({}) });
  const onConfirm = async () => {
    if (await confirm(t('statement.confirmConfirm'), { confirmLabel: t('statement.confirm') })) {
      confirmStep.mutate({ id: detail.id, digest: detail.digest });
    }
  };
  const onLock = async () => {
    if (
      await confirm(t('statement.lockConfirm'), { confirmLabel: t('statement.lock'), danger: true })
    ) {
      lock.mutate({ id: detail.id });
    }
  };

  const examCell = (line: StatementLine) => {
    if (!editable || !line.admitted) return shown(line.exam);
    const value = edits[line.id_student] ?? (line.exam === null ? '' : String(line.exam));
    const problem = examProblem(edits[line.id_student]);
    return (
      <input
        className={styles.points}
        type="number"
        inputMode="numeric"
        min={0}
        max={STATEMENT_EXAM_MAX}
        step={1}
        value={value}
        aria-label={t('statement.examFor', { name: line.fio })}
        aria-invalid={problem !== null}
        onChange={(event) => setEdits({ ...edits, [line.id_student]: event.target.value })}
      />
    );
  };

  const recorded = detail.state === 'confirmed' || detail.state === 'locked';
  return (
    <>
      {detail.retake_of !== null && (
        <p className={styles.note} data-testid="retake-of">
          {t('statement.retakeOf', { number: detail.retake_of })}{' '}
          <Button onClick={() => onOpen(detail.retake_of!)}>
            {t('statement.openOriginal', { number: detail.retake_of })}
          </Button>
        </p>
      )}
      <dl className={styles.facts}>
        <dt>{t('statement.discipline')}</dt>
        <dd>{detail.discipline}</dd>
        <dt>{t('statement.group')}</dt>
        <dd>{detail.group}</dd>
        <dt>{t('statement.teacher')}</dt>
        <dd>{detail.teacher}</dd>
        <dt>{t('statement.control')}</dt>
        <dd>{t(`statement.controls.${detail.control}`)}</dd>
        <dt>{t('statement.state')}</dt>
        <dd data-testid="statement-state" className={styles.state} data-state={detail.state}>
          {t(`statement.states.${detail.state}`)}
        </dd>
        <dt>{t('statement.deadline')}</dt>
        <dd>{format.date(detail.deadline)}</dd>
        <dt>{t('statement.digest')}</dt>
        <dd className={styles.digest}>{detail.digest}</dd>
        {detail.signature_valid !== null && (
          <>
            <dt>{t('statement.signature')}</dt>
            <dd data-testid="statement-signature">
              {detail.signature_valid
                ? t(
                    detail.passkey ? 'statement.signatureValidPasskey' : 'statement.signatureValid',
                    {
                      at: format.dateTime(detail.signed_at),
                    },
                  )
                : t('statement.signatureBroken')}
            </dd>
          </>
        )}
      </dl>
      <p className={styles.formula}>{t('statement.formula')}</p>
      <DataTable<StatementLine>
        caption={t('statement.linesCaption')}
        rows={detail.lines}
        rowKey={(line) => line.id_student}
        emptyMessage={t('statement.noStudents')}
        phone="cards"
        columns={[
          {
            key: 'fio',
            header: t('statement.student'),
            render: (l) => l.fio,
            rowHeader: true,
            priority: 'key',
          },
          {
            key: 'attendance',
            header: t('statement.attendance'),
            render: (l) => (l.attendance === null ? '—' : `${format.number(l.attendance, 1)} %`),
            align: 'end',
            priority: 'low',
          },
          {
            key: 'current',
            header: t('statement.current'),
            render: (l) => l.current,
            align: 'end',
          },
          { key: 'exam', header: t('statement.exam'), render: examCell, align: 'end' },
          {
            key: 'final',
            header: t('statement.final'),
            render: (l) => (
              <>
                {l.admitted ? shown(l.final) : t(`statement.notAdmitted.${l.reason ?? 'absences'}`)}
                {l.superseded_by !== null && (
                  <>
                    <br />
                    <span className={styles.superseded} data-testid="line-superseded">
                      {t('statement.supersededBy', { number: l.superseded_by })}
                    </span>
                  </>
                )}
              </>
            ),
            align: 'end',
          },
          { key: 'letter', header: t('statement.letter'), render: (l) => shown(l.letter) },
          { key: 'grade', header: t('statement.grade'), render: (l) => shown(l.grade) },
        ]}
      />
      <RetakeHistory history={detail.history} />
      {problems.length > 0 && (
        <FormError>{t('statement.pointsRange', { max: STATEMENT_EXAM_MAX })}</FormError>
      )}
      {failed && <FormError>{errorMessage(failed)}</FormError>}
      <div className={styles.actions}>
        {editable && (
          <>
            <Button
              onClick={onSave}
              disabled={busy || entries.length === 0 || problems.length > 0}
              aria-busy={save.isPending}
            >
              {t('statement.save')}
            </Button>
            <SignStep detail={detail} disabled={busy || entries.length > 0} />
            {entries.length > 0 && <span className={styles.hint}>{t('statement.saveFirst')}</span>}
          </>
        )}
        {who === 'registrar' && detail.state === 'signed' && (
          <Button
            variant="primary"
            onClick={() => void onConfirm()}
            disabled={busy || detail.signature_valid !== true}
            aria-busy={confirmStep.isPending}
          >
            {t('statement.confirm')}
          </Button>
        )}
        {who === 'registrar' && detail.state === 'confirmed' && (
          <Button onClick={() => void onLock()} disabled={busy} aria-busy={lock.isPending}>
            {t('statement.lock')}
          </Button>
        )}
      </div>
      {who === 'registrar' && recorded && detail.retake_of === null && (
        <RetakeForm detail={detail} onOpened={onOpen} />
      )}
    </>
  );
}
