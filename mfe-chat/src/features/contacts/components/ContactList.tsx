import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { GROUP_CHAT_ID, Loading, ROLE, SectionHeader, useIsPhone, usePlainList } from '@lms/shared';
import styles from '../../../components/Panes.module.css';
import { NAMESPACE } from '../../../i18n';
import {
  openContact,
  selectGroup,
  selectSemester,
  selectSubgroup,
  useChain,
  useCurrentContact,
  type Contact,
} from '../../chain';
import { useLiveCounts, usePlaceCounts, useUnread } from '../../unread';

export const CHAT_PATH = '/lms/chat';

/**
 * The contact list: the semester and group filter (only when there is a choice), the students
 * (for a teacher) or teachers (for a student) with their unread counts, and the group chat.
 */
export function ContactList() {
  const { t } = useTranslation(NAMESPACE);
  const plainList = usePlainList();
  const chain = useChain();
  const { user } = chain;
  const unread = useUnread();
  const places = usePlaceCounts();
  useLiveCounts();
  const current = useCurrentContact();
  const navigate = useNavigate();
  // On a phone the message pane is its own screen, named by #messages.
  const phone = useIsPhone();
  const headingId = useId();
  const ids = { semester: useId(), group: useId(), subgroup: useId() };

  const showFilter = chain.semesters.length > 1 || chain.groups.length > 1;
  const subgroups = user?.role === ROLE.teacher ? (chain.group?.subgroups ?? []) : [];
  const groupChat = chain.contacts.find((c) => c.id === GROUP_CHAT_ID);
  const people = chain.contacts.filter(
    (c) => c.id !== GROUP_CHAT_ID && (chain.subgroup === null || c.subgroup === chain.subgroup),
  );

  const choose = (contact: Contact) => {
    if (!user || !chain.chain || !chain.group) return;
    openContact(user, chain.chain, chain.group.id_group, contact, t('groupChat'));
    navigate(phone ? `${CHAT_PATH}#messages` : CHAT_PATH);
  };

  const entry = (contact: Contact) => {
    const count = unread.countOf(contact.id);
    const selected = current?.id === contact.id && current.group === chain.group?.id_group;
    const isGroup = contact.id === GROUP_CHAT_ID;
    const name = isGroup ? t('groupChat') : contact.name;
    return (
      <li key={contact.id}>
        <button
          type="button"
          className={selected ? `${styles.item} ${styles.selected}` : styles.item}
          aria-pressed={selected}
          data-contact-id={contact.id}
          onClick={() => choose(contact)}
        >
          <span className={isGroup ? `${styles.name} ${styles.groupChat}` : styles.name}>
            {name}
            {contact.detail && <span className={styles.detail}>{contact.detail}</span>}
          </span>
          {count > 0 && (
            <span className={styles.count} aria-label={t('unreadCount', { count })}>
              {count}
            </span>
          )}
        </button>
      </li>
    );
  };

  return (
    <section
      className={styles.pane}
      aria-labelledby={headingId}
      data-remote={NAMESPACE}
      data-remote-version={__APP_VERSION__}
    >
      <SectionHeader id={headingId} title={t('contactsTitle')} />
      {user && (showFilter || subgroups.length > 1) && (
        <div className={styles.filters}>
          {showFilter && (
            <>
              <label htmlFor={ids.semester}>
                {t('semester')}
                <select
                  id={ids.semester}
                  value={chain.semester ?? ''}
                  onChange={(event) => selectSemester(user, Number(event.target.value))}
                >
                  {chain.semesters.map((s) => (
                    <option key={s.id_semester} value={s.id_semester}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </label>
              <label htmlFor={ids.group}>
                {t('group')}
                <select
                  id={ids.group}
                  value={chain.group?.id_group ?? ''}
                  onChange={(event) => selectGroup(user, Number(event.target.value))}
                >
                  {chain.groups.map((g) => {
                    const count = places.ofGroup(g.id_group);
                    return (
                      <option key={g.id_group} value={g.id_group}>
                        {count > 0 ? `${g.name} · ${count}` : g.name}
                      </option>
                    );
                  })}
                </select>
              </label>
            </>
          )}
          {subgroups.length > 1 && (
            <label htmlFor={ids.subgroup}>
              {t('subgroup')}
              <select
                id={ids.subgroup}
                value={chain.subgroup ?? ''}
                onChange={(event) =>
                  selectSubgroup(
                    user,
                    event.target.value === '' ? null : Number(event.target.value),
                  )
                }
              >
                <option value="">{t('allSubgroups')}</option>
                {subgroups.map((s) => (
                  <option key={s.id_subgroup} value={s.id_subgroup}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      )}
      {chain.contactsStatus === 'loading' && <Loading />}
      {chain.contactsStatus === 'ready' && chain.contacts.length === 0 && (
        <p className={styles.muted}>{t('noContacts')}</p>
      )}
      {chain.contacts.length > 0 && (
        <ul className={`${plainList} ${styles.list}`} aria-label={t('contactsTitle')}>
          {groupChat && entry(groupChat)}
          {people.map(entry)}
        </ul>
      )}
    </section>
  );
}
