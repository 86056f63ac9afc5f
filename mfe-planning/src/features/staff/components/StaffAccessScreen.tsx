import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  EmptyState,
  ErrorState,
  Field,
  Loading,
  STAFF_SEARCH_MAX_LENGTH,
  useSession,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useStaff } from '../api/staff';
import { StaffCard } from './StaffCard';
import styles from './Staff.module.css';

/**
 * /lms/staffaccess (the registrar's office): finds a staff member and grants or revokes the
 * quality office and the department head rights. Opens on who holds a right now.
 */
export function StaffAccessScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  if (!user?.registrarPerms) return <EmptyState message={t('staff.registrarOnly')} />;
  return <StaffSearch ownUid={user.uid} />;
}

function StaffSearch({ ownUid }: { ownUid: number }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const found = useStaff(query, i18n.language);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(text.trim());
  };
  const holders = query === '';
  return (
    <div className={styles.screen}>
      <form role="search" className={styles.search} onSubmit={submit}>
        <Field
          label={t('staff.search')}
          hint={t('staff.searchHint')}
          type="search"
          maxLength={STAFF_SEARCH_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <div className={styles.searchActions}>
          <Button type="submit" variant="primary">
            {t('staff.find')}
          </Button>
          {!holders && (
            <Button
              onClick={() => {
                setText('');
                setQuery('');
              }}
            >
              {t('staff.showHolders')}
            </Button>
          )}
        </div>
      </form>
      <section aria-labelledby="staff-list-title" className={styles.screen}>
        <h2 id="staff-list-title" className={styles.heading}>
          {holders ? t('staff.holdersTitle') : t('staff.foundTitle', { query })}
        </h2>
        {found.isError ? (
          <ErrorState error={found.error} onRetry={() => void found.refetch()} />
        ) : !found.data ? (
          <Loading />
        ) : found.data.staff.length === 0 ? (
          <EmptyState message={holders ? t('staff.noHolders') : t('staff.nobody')} />
        ) : (
          <>
            <ul className={styles.list}>
              {found.data.staff.map((member) => (
                <StaffCard key={member.uid} member={member} own={member.uid === ownUid} />
              ))}
            </ul>
            {found.data.more && <p className={styles.note}>{t('staff.more')}</p>}
          </>
        )}
      </section>
    </div>
  );
}
