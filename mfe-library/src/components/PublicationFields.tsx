import { useTranslation } from 'react-i18next';
import { BOOK_AUTHOR_MAX_LENGTH, BOOK_NAME_MAX_LENGTH, Field } from '@lms/shared';
import { NAMESPACE } from '../i18n';
import styles from './Common.module.css';

export interface PublicationValues {
  name: string;
  author: string;
  pages: string;
}

/** Name, author and pages: the fields a book and a teaching material share. */
export function PublicationFields({
  nameLabel,
  values,
  onChange,
  disabled,
}: {
  nameLabel: string;
  values: PublicationValues;
  onChange: (patch: Partial<PublicationValues>) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <Field
        className={styles.wide}
        label={nameLabel}
        value={values.name}
        onChange={(event) => onChange({ name: event.target.value })}
        required
        maxLength={BOOK_NAME_MAX_LENGTH}
        disabled={disabled}
      />
      <Field
        label={t('book.author')}
        value={values.author}
        onChange={(event) => onChange({ author: event.target.value })}
        maxLength={BOOK_AUTHOR_MAX_LENGTH}
        disabled={disabled}
      />
      <Field
        label={t('book.pages')}
        value={values.pages}
        inputMode="numeric"
        onChange={(event) => onChange({ pages: event.target.value })}
        disabled={disabled}
      />
    </>
  );
}
