import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EmptyState,
  ErrorState,
  Loading,
  SectionHeader,
  notify,
  useFormat,
  type Format,
  type RegListResponse,
  type RegWindow,
} from '@lms/shared';
import { TermSelect } from '../../../components/TermSelect';
import { NAMESPACE } from '../../../i18n';
import { loadFailure } from '../../../lib/loadError';
import { useTerm, type Term } from '../../../lib/term';
import { useElectives, useRegList } from '../api/registration';
import { useWaitlistEvents } from '../api/waitlist';
import { creditSummary } from '../credits';
import { RegisterForm } from './RegisterForm';
import { RegistrationList } from './RegistrationList';
import { WaitlistPanel } from './WaitlistPanel';
import styles from './Registration.module.css';

/** The student's registration: the semester, their registrations, the plan, the electives. */
export function StudentRegistration() {
  const { t } = useTranslation(NAMESPACE);
  const chain = useTerm({ start: true });
  // A seat freed for the student (or a turn that could not be taken) reaches the open page live.
  useWaitlistEvents((event) =>
    notify(
      t(event.kind === 'promoted' ? 'waitlist.promotedNotice' : 'waitlist.skippedNotice'),
      event.kind === 'promoted' ? 'success' : 'info',
    ),
  );
  return (
    <>
      <TermSelect chain={chain} />
      {chain.semesters.data?.length === 0 ? (
        <EmptyState message={t('term.noPlan')} />
      ) : chain.term ? (
        <Semester term={chain.term} />
      ) : null}
    </>
  );
}

function windowText(t: TFunction, format: Format, window: RegWindow | null) {
  if (!window) return t('window.none');
  const dates = {
    opens: format.dateTime(window.opensAt),
    closes: format.dateTime(window.closesAt),
  };
  return window.open ? t('window.open', dates) : t('window.closed', dates);
}

/**
 * The semester's credits as the server counts them for the limit (the group's disciplines and
 * the registrations); the line is a status, so a save or a delete is heard as it changes.
 */
function Credits({ data }: { data: RegListResponse }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const credits = creditSummary(data);
  return (
    <p className={styles.credits} role="status">
      <strong>
        {t('credits.summary', {
          taken: format.number(credits.taken),
          limit: format.number(credits.limit),
        })}
      </strong>{' '}
      {t('credits.detail', {
        group: format.number(credits.group),
        registered: format.number(credits.registered),
      })}
    </p>
  );
}

function Semester({ term }: { term: Term }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const listId = useId();
  const planId = useId();
  const electivesId = useId();
  const list = useRegList(term);
  const electives = useElectives(term);
  // The registration just saved: the list brings it into view once it is there.
  const [saved, setSaved] = useState<number | null>(null);

  if (list.isPending) return <Loading />;
  if (list.isError) {
    return (
      <ErrorState error={loadFailure(t, 'list', list.error)} onRetry={() => void list.refetch()} />
    );
  }
  const data = list.data;
  const canChange = data.window?.open ?? false;
  const blocked = canChange ? undefined : windowText(t, format, data.window);
  const mandatoryLeft = data.plan.filter((p) => p.id_disciplineForStudent === null);
  const electivesLeft = (electives.disciplines.data ?? []).filter(
    (p) => p.id_disciplineForStudent === null,
  );

  return (
    <>
      <div className={styles.summary}>
        <p className={canChange ? styles.note : styles.closed}>
          {windowText(t, format, data.window)}
        </p>
        <Credits data={data} />
      </div>

      <WaitlistPanel term={term} />

      <section className={styles.block} aria-labelledby={listId}>
        <SectionHeader id={listId} level={2} title={t('list.title')} />
        {data.items.length === 0 ? (
          <EmptyState message={t('list.empty')} />
        ) : (
          <RegistrationList items={data.items} canChange={canChange} saved={saved} />
        )}
      </section>

      <section className={styles.block} aria-labelledby={planId}>
        <SectionHeader
          id={planId}
          level={2}
          title={t('plan.title')}
          subtitle={t('plan.subtitle')}
        />
        {data.plan.length === 0 ? (
          <EmptyState message={t('plan.empty')} />
        ) : mandatoryLeft.length === 0 ? (
          <EmptyState message={t('plan.done')} />
        ) : (
          <RegisterForm
            mode="mandatory"
            term={term}
            disciplines={mandatoryLeft}
            blocked={blocked}
            onSaved={setSaved}
          />
        )}
      </section>

      <section className={styles.block} aria-labelledby={electivesId}>
        <SectionHeader
          id={electivesId}
          level={2}
          title={t('electives.title')}
          subtitle={t('electives.subtitle')}
        />
        {electives.permission.isPending ? (
          <Loading />
        ) : electives.permission.isError ? (
          <ErrorState
            error={electives.permission.error}
            onRetry={() => void electives.permission.refetch()}
          />
        ) : !electives.permission.data.allowed ? (
          <p className={styles.note}>
            {t('electives.denied', { reason: electives.permission.data.reason ?? '' })}
          </p>
        ) : electives.disciplines.isError ? (
          <ErrorState
            error={loadFailure(t, 'disciplines', electives.disciplines.error)}
            onRetry={() => void electives.disciplines.refetch()}
          />
        ) : electives.disciplines.isPending ? (
          <Loading />
        ) : electivesLeft.length === 0 ? (
          <EmptyState message={t('electives.none')} />
        ) : (
          <RegisterForm
            mode="elective"
            term={term}
            disciplines={electivesLeft}
            blocked={blocked}
            onSaved={setSaved}
          />
        )}
      </section>
    </>
  );
}
