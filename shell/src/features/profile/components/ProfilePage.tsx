import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import {
  errorMessage,
  Loading,
  PageFrame,
  ROLE,
  useFormat,
  useSession,
  type ProfileData,
} from '@lms/shared';
import { getProfileData } from '../api/profile';
import { PushSettings } from './PushSettings';
import styles from './ProfilePage.module.css';

/** /lms/profile: the personal data (spec §2) and, below it, whatever the shell adds (the password form). */
export function ProfilePage({ children }: { children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  // In the portal's one query cache, so it stays readable offline ("as of") like every area's.
  const profile = useQuery({
    queryKey: ['profile', user?.uid ?? 0, user?.role, 'data', i18n.language],
    queryFn: () => getProfileData({ uid: user!.uid, role: user!.role }),
    enabled: user !== null,
  });

  return (
    <PageFrame
      remote="shell"
      version={__APP_VERSION__}
      title={t('profile.title')}
      description={t('profile.description')}
      className={styles.page}
    >
      <section aria-labelledby="profile-title" className={styles.section}>
        <h2 id="profile-title" className={styles.title}>
          {t('profile.personalData')}
        </h2>
        {/* While loading, the rows' labels where the data will be: nothing below moves when it comes. */}
        {profile.data === undefined &&
          profile.error === null &&
          (user ? <PersonalData role={user.role} /> : <Loading />)}
        {profile.data === undefined && profile.error !== null && (
          <div role="alert" className={styles.error}>
            <p>{errorMessage(profile.error)}</p>
            <button type="button" className={styles.retry} onClick={() => void profile.refetch()}>
              {t('actions.retry')}
            </button>
          </div>
        )}
        {profile.data !== undefined && (
          <PersonalData role={profile.data.role} data={profile.data} />
        )}
      </section>
      <PushSettings />
      {children && <section className={styles.section}>{children}</section>}
    </PageFrame>
  );
}

/**
 * The personal data as label and value rows; without `data` (still loading), the labels with
 * empty values of the same height, the first saying it is loading (the others hidden from
 * screen readers).
 */
function PersonalData({ role, data }: { role: ProfileData['role']; data?: ProfileData }) {
  const { t } = useTranslation();
  const format = useFormat();
  const gender =
    data?.gender === 'male'
      ? t('profile.genderMale')
      : data?.gender === 'female'
        ? t('profile.genderFemale')
        : null;
  const rows: Array<[string, string | null | undefined]> = [
    [t('profile.fullName'), data?.fullName],
    [t('profile.gender'), gender],
    [t('profile.birthDate'), data && (format.date(data.birthDate) || data.birthDate)],
    [t('profile.nationality'), data?.nationality],
    [t('profile.citizenship'), data?.citizenship],
    [t('profile.inn'), data?.inn],
    [t('profile.phone'), data?.phone],
    [t('profile.education'), data?.education],
    ...(role === ROLE.teacher
      ? ([
          [t('profile.position'), data?.position],
          [t('profile.department'), data?.department],
        ] as Array<[string, string | null | undefined]>)
      : ([
          [t('profile.group'), data?.group],
          [t('profile.speciality'), data?.speciality],
        ] as Array<[string, string | null | undefined]>)),
    [t('profile.faculty'), data?.faculty],
  ];
  if (!data) {
    return (
      <dl className={styles.data} data-loading="">
        {rows.map(([label], index) => (
          <div key={label} className={styles.row} aria-hidden={index > 0 || undefined}>
            <dt>{label}</dt>
            <dd className={styles.empty}>
              {index === 0 ? <span role="status">{t('loading', { ns: 'ui' })}</span> : '\u00a0'}
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <dl className={styles.data}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.row}>
          <dt>{label}</dt>
          <dd className={value ? undefined : styles.empty}>{value || t('profile.notSpecified')}</dd>
        </div>
      ))}
    </dl>
  );
}
