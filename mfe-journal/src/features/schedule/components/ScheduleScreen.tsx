import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  confirm,
  EmptyState,
  ErrorState,
  errorMessage,
  LESSON_ORDERS,
  Loading,
  notify,
  ROLE,
  SectionHeader,
  useFormat,
  useIsPhone,
  useSession,
  type Booking,
  type Webinar,
  type ScheduleDay,
  type ScheduleLesson,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { calendarFileUrl, useCalendarLink, useQrToday, useWeek } from '../api/schedule';
import { deviceDate, orderDays, splitByWeek, weekParity, type WeekParity } from '../week';
import { useServerNow, windowPhase, type WindowPhase } from '../windows';
import styles from './ScheduleScreen.module.css';

/** The schedule (spec §1, §4): the week by day and lesson order, kept on the device. */
export function ScheduleScreen() {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const { week, term, year, ws } = useWeek();
  const phone = useIsPhone();
  // The server's today (its clock, the university's time zone), never this device's.
  const today = week.data?.today;
  const todayNumber = today?.day_number ?? 0;
  const todayLessons = today?.lessons ?? [];
  const failed = term.year.error ?? (week.data ? null : week.error);
  // Odd or even by the server's today; a stored copy shown offline goes by this device's date.
  const parity = week.data ? weekParity(today?.date ?? deviceDate(new Date())) : null;
  const qrOffers = useQrOffers();

  return (
    <div className={styles.schedule}>
      {week.isError && week.data && (
        <p className={styles.offline} role="status">
          {t('schedule.savedCopy', { date: format.dateTime(week.data.date) })}
        </p>
      )}
      {parity !== null && week.data && week.data.days.length > 0 && (
        <p className={styles.parity} data-testid="week-parity">
          <strong className={styles.parityPill}>{t(`schedule.thisWeek.${parity}`)}</strong>{' '}
          <span className={styles.muted}>{t(`schedule.weekNote.${parity}`)}</span>
        </p>
      )}
      {week.data?.bookings && week.data.bookings.length > 0 && (
        <Bookings bookings={week.data.bookings} />
      )}
      {week.data?.webinars && week.data.webinars.length > 0 && (
        <Webinars webinars={week.data.webinars} />
      )}
      {failed ? (
        <ErrorState error={failed} onRetry={() => void week.refetch()} />
      ) : !week.data ? (
        <Loading />
      ) : week.data.days.length === 0 ? (
        <EmptyState message={t('schedule.empty')} />
      ) : (
        <div className={styles.week} data-testid="schedule-week">
          {orderDays(week.data.days, todayNumber, phone && today !== undefined).map((day) => (
            <Day
              key={day.day_number}
              day={day}
              today={day.day_number === todayNumber}
              todayLessons={todayLessons}
              parity={parity}
              qrOffers={qrOffers}
            />
          ))}
        </div>
      )}
      {year !== undefined && ws !== undefined && <CalendarExport year={year} ws={ws} />}
    </div>
  );
}

/** What the teacher is offered for a lesson of today: its QR, or when the QR is shown. */
type QrOffer = { phase: WindowPhase; from: string; to: string };
/** Each lesson's offer by idShed; 'ask' when the windows could not be read (the server decides). */
type QrOffers = Map<number, QrOffer> | 'ask' | null;

/** The teacher's lessons of today with where the server's clock stands against their windows. */
function useQrOffers(): QrOffers {
  const qrToday = useQrToday();
  const lessons = qrToday.data?.lessons ?? [];
  const now = useServerNow(qrToday.data?.offsetMs ?? 0, lessons);
  if (!qrToday.data) return qrToday.isError ? 'ask' : null;
  return new Map(
    lessons.map((lesson) => [
      lesson.idShed,
      { phase: windowPhase(lesson, now), from: lesson.windowFrom, to: lesson.windowTo },
    ]),
  );
}

function Day({
  day,
  today,
  todayLessons,
  parity,
  qrOffers,
}: {
  day: ScheduleDay;
  today: boolean;
  todayLessons: number[];
  /** This week's parity: the other week's lessons are folded away. */
  parity: WeekParity | null;
  qrOffers: QrOffers;
}) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const headingId = useId();
  const { thisWeek, otherWeek } = splitByWeek(day.lessons, parity);
  const other: WeekParity = parity === 1 ? 2 : 1;
  return (
    <section
      className={today ? `${styles.day} ${styles.today}` : styles.day}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className={styles.dayName}>
        {t(`schedule.days.${day.day_number}`)}
        {today && <span className={styles.todayMark}> · {t('schedule.today')}</span>}
      </h2>
      {thisWeek.length === 0 ? (
        <p className={styles.muted}>{t('schedule.noLessonsThisWeek')}</p>
      ) : (
        <ol className={styles.lessons}>
          {thisWeek.map((lesson) => (
            <Lesson
              key={lesson.idShed}
              lesson={lesson}
              today={todayLessons.includes(lesson.idShed)}
              qrOffers={qrOffers}
            />
          ))}
        </ol>
      )}
      {otherWeek.length > 0 && (
        <details className={styles.otherWeek} data-testid="other-week">
          <summary>
            {t(`schedule.otherWeek.${other}`, { n: format.number(otherWeek.length) })}
          </summary>
          <ol className={styles.lessons}>
            {otherWeek.map((lesson) => (
              <Lesson key={lesson.idShed} lesson={lesson} today={false} qrOffers={null} />
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}

function Lesson({
  lesson,
  today,
  qrOffers,
}: {
  lesson: ScheduleLesson;
  today: boolean;
  qrOffers: QrOffers;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const order = LESSON_ORDERS.find((o) => o.id_time === lesson.id_time);
  return (
    <li className={styles.lesson} data-testid="schedule-lesson" data-id-shed={lesson.idShed}>
      <p className={styles.time}>
        <span>{t(`schedule.orders.${lesson.id_time}`, { defaultValue: order?.name })}</span>{' '}
        <span className={styles.muted}>
          {lesson.start}–{lesson.end}
        </span>
        {lesson.week_kind !== 0 && (
          <span className={styles.badge}>{t(`schedule.weekKind.${lesson.week_kind}`)}</span>
        )}
      </p>
      <p className={styles.discipline}>{lesson.discipline}</p>
      <p className={styles.muted}>
        {lesson.lessonType} ·{' '}
        {lesson.subgroup
          ? t('chain.subgroup', { group: lesson.group, subgroup: lesson.subgroup })
          : lesson.group}{' '}
        · {t('schedule.room')} <Link to={`/lms/rooms/${lesson.audid}`}>{lesson.auditoryName}</Link>
      </p>
      <p className={styles.muted}>{lesson.teacher}</p>
      {today && user?.role === ROLE.teacher && (
        <LessonQr
          idShed={lesson.idShed}
          offer={qrOffers === 'ask' ? 'ask' : qrOffers?.get(lesson.idShed)}
        />
      )}
      {today && user?.role === ROLE.student && (
        <Link className={styles.action} to="/lms/schedule/scan">
          {t('schedule.scan')}
        </Link>
      )}
    </li>
  );
}

/**
 * The teacher's QR of a lesson of today: offered inside its window only; before it, when it
 * opens; after it, that check-in is over.
 */
function LessonQr({ idShed, offer }: { idShed: number; offer: QrOffer | 'ask' | undefined }) {
  const { t } = useTranslation(NAMESPACE);
  if (offer === undefined) return null;
  if (offer === 'ask' || offer.phase === 'open') {
    return (
      <Link className={styles.action} to={`/lms/schedule/qr/${idShed}`}>
        {t('schedule.showQr')}
      </Link>
    );
  }
  return (
    <p className={styles.qrWhen} data-testid="qr-when">
      {offer.phase === 'before'
        ? t('schedule.qrOpensAt', { from: offer.from })
        : t('schedule.qrOver', { to: offer.to })}
    </p>
  );
}

function CalendarExport({ year, ws }: { year: number; ws: number }) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const { link, revoke, url } = useCalendarLink();
  const absolute = url ? new URL(url, window.location.origin).toString() : null;
  return (
    <section className={styles.export} aria-labelledby={headingId}>
      <SectionHeader id={headingId} level={2} title={t('schedule.export.title')} />
      <div className={styles.exportActions}>
        <a className={styles.action} href={calendarFileUrl(year, ws)} download>
          {t('schedule.export.file')}
        </a>
        <button
          type="button"
          className={styles.action}
          disabled={link.isPending}
          onClick={() => link.mutate({ year, ws: ws as 1 | 2 | 3 })}
        >
          {t('schedule.export.subscribe')}
        </button>
      </div>
      {link.isError && <p role="alert">{errorMessage(link.error)}</p>}
      {absolute && (
        <div className={styles.subscription}>
          <label className={styles.linkLabel}>
            {t('schedule.export.address')}
            <input readOnly value={absolute} onFocus={(event) => event.target.select()} />
          </label>
          <p className={styles.muted}>{t('schedule.export.private')}</p>
          <button
            type="button"
            className={styles.action}
            disabled={revoke.isPending}
            onClick={async () => {
              if (!(await confirm(t('schedule.export.revokeConfirm')))) return;
              revoke.mutate(undefined, {
                onSuccess: () => notify(t('schedule.export.revoked'), 'success'),
              });
            }}
          >
            {t('schedule.export.revoke')}
          </button>
        </div>
      )}
    </section>
  );
}

/** Online lessons of the person or their group (webinars), cancelled ones marked. */
function Webinars({ webinars }: { webinars: readonly Webinar[] }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  return (
    <section aria-labelledby="schedule-webinars" data-testid="schedule-webinars">
      <h2 id="schedule-webinars">{t('schedule.webinars')}</h2>
      <ul className={styles.lessons}>
        {webinars.map((webinar) => (
          <li key={webinar.id} className={styles.lesson} data-testid="schedule-webinar">
            <p className={styles.time}>
              <span>{format.date(webinar.date)}</span>{' '}
              <span className={styles.muted}>
                {webinar.start}–{webinar.end}
              </span>
              {webinar.cancelled && (
                <span className={styles.badge}>{t('schedule.bookingCancelled')}</span>
              )}
            </p>
            <p className={styles.discipline}>
              <Link to="/lms/webinars">{webinar.discipline}</Link>
            </p>
            <p className={styles.muted}>
              {webinar.group} · {webinar.teacher}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Rooms booked for the person or their group (extra lessons, consultations, exams), cancelled ones marked. */
function Bookings({ bookings }: { bookings: readonly Booking[] }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  return (
    <section aria-labelledby="schedule-bookings" data-testid="schedule-bookings">
      <h2 id="schedule-bookings">{t('schedule.bookings')}</h2>
      <ul className={styles.lessons}>
        {bookings.map((booking) => (
          <li key={booking.id} className={styles.lesson} data-testid="schedule-booking">
            <p className={styles.time}>
              <span>{format.date(booking.date)}</span>{' '}
              <span className={styles.muted}>
                {booking.start}–{booking.end}
              </span>
              {booking.cancelled && (
                <span className={styles.badge}>{t('schedule.bookingCancelled')}</span>
              )}
            </p>
            <p className={styles.discipline}>
              {t(`schedule.bookingKinds.${booking.kind}`)}: {booking.discipline}
            </p>
            <p className={styles.muted}>
              {booking.group} · {t('schedule.room')}{' '}
              <Link to={`/lms/rooms/${booking.room}`}>{booking.roomName}</Link> · {booking.building}
            </p>
            <p className={styles.muted}>{booking.teacher}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
