import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Field,
  errorMessage,
  STUDENT_SEARCH_MAX_LENGTH,
  STUDENT_SEARCH_MIN_LENGTH,
  type StudentSearchHit,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useStudentSearch } from '../api/holds';
import styles from './StudentPicker.module.css';

/** How long typing pauses before the search is asked (ms). */
const TYPING_PAUSE_MS = 250;

export interface StudentPickerProps {
  /** The student chosen, or null while searching. */
  value: StudentSearchHit | null;
  onChange: (student: StudentSearchHit | null) => void;
  /** The search input's id (the form moves the focus back to it). */
  id: string;
  /** Why the form cannot be sent without a student (shown under the search). */
  error?: string | undefined;
  /** More for the student chosen (a link to their records), under their name. */
  chosenExtra?: ReactNode;
}

/**
 * The registrar finds a student by words of their name or group: a combobox whose list of
 * matches (name, group, faculty) is walked with the arrow keys and chosen with Enter or a tap.
 * The count, "searching…", "nobody" and "refine" are announced from a live status line.
 */
export function StudentPicker({ value, onChange, id, error, chosenExtra }: StudentPickerProps) {
  const { t } = useTranslation(NAMESPACE);
  const listId = useId();
  const statusId = useId();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const timer = setTimeout(() => setAsked(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useStudentSearch(asked);
  const long = [...asked.trim()].length >= STUDENT_SEARCH_MIN_LENGTH;
  const hits = long ? (search.data?.students ?? []) : [];
  const showList = open && hits.length > 0;

  useEffect(() => setActive(-1), [search.data]);
  // The highlighted student stays in sight as the arrows walk the scrolled list.
  useEffect(() => {
    if (active >= 0)
      document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  const choose = (student: StudentSearchHit) => {
    onChange(student);
    setText('');
    setAsked('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (hits.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + hits.length) % hits.length);
    } else if (event.key === 'Enter') {
      // Enter chooses the highlighted student; it never sends the form from the search.
      event.preventDefault();
      const hit = hits[active];
      if (showList && hit) choose(hit);
    } else if (event.key === 'Escape') {
      if (showList) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text !== '') {
        event.preventDefault();
        setText('');
      }
    }
  };

  if (value) {
    return (
      <div className={styles.chosen}>
        <p className={styles.chosenLabel} id={`${id}-chosen`}>
          {t('holds.chosen')}
        </p>
        <p className={styles.chosenName} aria-describedby={`${id}-chosen`}>
          <strong>{value.s_fio}</strong>
          <span className={styles.place}>
            {value.group} · {value.faculty}
          </span>
        </p>
        <Button
          variant="secondary"
          aria-label={t('holds.changeNamed', { name: value.s_fio })}
          onClick={() => {
            onChange(null);
            // The search comes back in place of this box: focus it once it is there.
            setTimeout(() => document.getElementById(id)?.focus());
          }}
        >
          {t('holds.change')}
        </Button>
        {chosenExtra}
      </div>
    );
  }

  let status = '';
  if (text.trim() !== '' && [...text.trim()].length < STUDENT_SEARCH_MIN_LENGTH) {
    status = t('holds.tooShort', { n: STUDENT_SEARCH_MIN_LENGTH });
  } else if (long && search.isFetching && !search.data) {
    status = t('holds.searching');
  } else if (long && search.data) {
    const { total } = search.data;
    if (total === 0) status = t('holds.nobody', { query: asked.trim() });
    else if (total > hits.length) status = t('holds.refine', { shown: hits.length, total });
    else status = t('holds.found', { count: total });
  }

  return (
    <div className={styles.picker}>
      <Field
        id={id}
        type="search"
        label={t('holds.search')}
        hint={t('holds.searchHint')}
        error={error}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={statusId}
        autoComplete="off"
        spellCheck={false}
        maxLength={STUDENT_SEARCH_MAX_LENGTH}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      <p id={statusId} className={styles.status} aria-live="polite">
        {status}
      </p>
      {long && search.error && (
        <div className={styles.failure} role="alert">
          <p>{t('holds.searchFailed', { reason: errorMessage(search.error) })}</p>
          <Button variant="secondary" onClick={() => void search.refetch()}>
            {t('holds.retry')}
          </Button>
        </div>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label={t('holds.results')}
        className={styles.list}
        hidden={!showList}
      >
        {hits.map((hit, index) => (
          <li
            key={hit.id_student}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={styles.option}
            // Keeps the focus in the search while the pointer chooses.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(hit)}
          >
            <span className={styles.name}>{hit.s_fio}</span>
            <span className={styles.place}>
              {hit.group} · {hit.faculty}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
