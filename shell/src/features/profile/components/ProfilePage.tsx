import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

type State =
  | { status: 'loading' }
  | { status: 'ready'; data: ProfileData }
  | { status: 'failed'; message: string };

/** /lms/profile: the personal data (spec §2) and, below it, whatever the shell adds (the password form). */
export function ProfilePage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [state, setState] = useState<State>({ status: 'loading' });

  const load = useCallback(async () => {
    if (!user) return;
    setState({ status: 'loading' });
    try {
      const data = await getProfileData({ uid: user.uid, role: user.role });
      setState({ status: 'ready', data });
    } catch (err) {
      setState({ status: 'failed', message: errorMessage(err) });
    }
  }, [user]);

  useEffect(() => {
    void load();
  }, [load]);

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
        {state.status === 'loading' && <Loading />}
        {state.status === 'failed' && (
          <div role="alert" className={styles.error}>
            <p>{state.message}</p>
            <button type="button" className={styles.retry} onClick={() => void load()}>
              {t('actions.retry')}
            </button>
          </div>
        )}
        {state.status === 'ready' && <PersonalData data={state.data} />}
      </section>
      <PushSettings />
      {children && <section className={styles.section}>{children}</section>}
    </PageFrame>
  );
}

function PersonalData({ data }: { data: ProfileData }) {
  const { t } = useTranslation();
  const format = useFormat();
  const gender =
    data.gender === 'male'
      ? t('profile.genderMale')
      : data.gender === 'female'
        ? t('profile.genderFemale')
        : null;
  const rows: Array<[string, string | null]> = [
    [t('profile.fullName'), data.fullName],
    [t('profile.gender'), gender],
    [t('profile.birthDate'), format.date(data.birthDate) || data.birthDate],
    [t('profile.nationality'), data.nationality],
    [t('profile.citizenship'), data.citizenship],
    [t('profile.inn'), data.inn],
    [t('profile.phone'), data.phone],
    [t('profile.education'), data.education],
    ...(data.role === ROLE.teacher
      ? ([
          [t('profile.position'), data.position],
          [t('profile.department'), data.department],
        ] as Array<[string, string | null]>)
      : ([
          [t('profile.group'), data.group],
          [t('profile.speciality'), data.speciality],
        ] as Array<[string, string | null]>)),
    [t('profile.faculty'), data.faculty],
  ];
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
