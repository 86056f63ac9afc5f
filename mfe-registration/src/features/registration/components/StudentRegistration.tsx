import type { TFunction } from 'i18next';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
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
import { useRegistrationEvents, useWaitlistStatus } from '../api/waitlist';
import { blocksOf, useServerTimeReached, type Block } from '../blocking';
import { creditSummary } from '../credits';
import { RegisterForm } from './RegisterForm';
import { RegistrationList } from './RegistrationList';
import { PAYMENT_CODE_PATH, WaitlistPanel } from './WaitlistPanel';
import styles from './Registration.module.css';

/** The student's registration: the semester, their registrations, the plan, the electives. */
export function StudentRegistration() {
  const { t } = useTranslation(NAMESPACE);
  const chain = useTerm({ start: true });
  // A seat freed for the student (or a turn that could not be taken) reaches the open page live,
  // with a notification; holds, the appointment and the lists' positions only show.
  useRegistrationEvents((live) => {
    if (live.name !== 'waitlist') return;
    const promoted = live.event.kind === 'promoted';
    notify(
      t(promoted ? 'waitlist.promotedNotice' : 'waitlist.skippedNotice'),
      promoted ? 'success' : 'info',
    );
  });
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
 * The semester's credits as the server counts them for the limit, and what they are made of: the
 * group's disciplines, the electives and the required disciplines registered for. A status, so a
 * save or a delete is heard as it changes.
 */
function Credits({ data }: { data: RegListResponse }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const credits = creditSummary(data);
  const part = (key: string, count: number, value: number) =>
    t(key, { n: format.number(count), credits: format.number(value) });
  return (
    <div className={styles.credits} role="status">
      <p>
        <strong>
          {t('credits.summary', {
            taken: format.number(credits.taken),
            limit: format.number(credits.limit),
          })}
        </strong>
      </p>
      <ul className={styles.creditParts}>
        <li>{t('credits.group', { credits: format.number(credits.group) })}</li>
        <li>{part('credits.electives', credits.electives.count, credits.electives.credits)}</li>
        {credits.required.count > 0 && (
          <li>{part('credits.required', credits.required.count, credits.required.credits)}</li>
        )}
        <li>{t('credits.limit', { limit: format.number(credits.limit) })}</li>
      </ul>
    </div>
  );
}

/** Why the forms cannot be saved now, said before they are filled in. */
function BlockReasons({ blocks }: { blocks: Block[] }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  return blocks.map((block) => {
    const key = block.kind === 'hold' ? `hold-${block.hold.kind}-${block.hold.text}` : block.kind;
    let text: ReactNode;
    if (block.kind === 'hold') {
      text = (
        <>
          {block.hold.text}
          {block.hold.kind === 'tuition' && (
            <>
              {' '}
              <Link to={PAYMENT_CODE_PATH}>{t('holds.pay')}</Link>
            </>
          )}
        </>
      );
    } else if (block.kind === 'window') {
      text = windowText(t, format, block.window);
    } else {
      text = t('slot.waiting', { course: block.course, when: format.dateTime(block.opensAt) });
    }
    return (
      <span key={key} className={styles.blockReason}>
        {text}
      </span>
    );
  });
}

function Semester({ term }: { term: Term }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const listId = useId();
  const planId = useId();
  const electivesId = useId();
  const list = useRegList(term);
  const electives = useElectives(term);
  const status = useWaitlistStatus(term);
  const slotReached = useServerTimeReached(status.data?.appointment?.opensAt, status.data?.now);
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
  const blocks = blocksOf(data.window, status.data, slotReached);
  const blocked = blocks.length > 0 ? <BlockReasons blocks={blocks} /> : undefined;
  const waiting = status.data?.entries ?? [];
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
            waiting={waiting}
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
            waiting={waiting}
            onSaved={setSaved}
          />
        )}
      </section>
    </>
  );
}
