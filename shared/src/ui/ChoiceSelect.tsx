import { useId, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { PLACEHOLDER_ID } from '../contract/constants.js';
import { errorMessage, errorRequestId } from '../i18n/errorMessage.js';
import { UI_NAMESPACE } from '../i18n/resources/index.js';
import type { FieldBaseProps } from './Field.js';
import { FieldFrame } from './FieldFrame.js';
import { useNotKeptOffline } from './NotKeptOffline.js';
import { useUiStyles } from './styles.js';

/** The text of the placeholder entry the spec puts first in selection lists. */
export const PLACEHOLDER_LABEL = ' --- ';

/** The usual shape of a list entry; other shapes pass getId and getLabel. */
export interface Choice {
  id: number;
  name: string;
}

type ItemAccessors<Item> = [Item] extends [Choice]
  ? { getId?: (item: Item) => number; getLabel?: (item: Item) => string }
  : { getId: (item: Item) => number; getLabel: (item: Item) => string };

export type ChoiceSelectProps<Item = Choice> = FieldBaseProps &
  Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    keyof FieldBaseProps | 'value' | 'defaultValue' | 'onChange' | 'children' | 'multiple'
  > &
  ItemAccessors<Item> & {
    /** The entries; undefined while they are not loaded yet. */
    items: readonly Item[] | undefined;
    /** The chosen entry's id; null when nothing (or the placeholder) is chosen. */
    value: number | null;
    /** The chosen id and entry; (null, null) for the placeholder. */
    onChange: (id: number | null, item: Item | null) => void;
    /** Puts the spec's ' --- ' entry (id PLACEHOLDER_ID, reported as null) first. */
    placeholder?: boolean;
    /** The entries are being loaded: the select is disabled and says 'Загрузка...'. */
    loading?: boolean;
    /** Loading the entries failed: its message is shown as an alert, with onRetry a button. */
    loadError?: unknown;
    onRetry?: (() => void) | undefined;
  };

const defaultId = (item: unknown) => (item as Choice).id;
const defaultLabel = (item: unknown) => (item as Choice).name;

/**
 * A labelled select over a list of entries (years, semesters, disciplines, groups, categories),
 * reporting the chosen id as a number. Chained selects pass the previous choice's loading state
 * and reset the next value to null when the previous one changes.
 */
export function ChoiceSelect<Item = Choice>(props: ChoiceSelectProps<Item>) {
  const {
    label,
    hint,
    error,
    id,
    className,
    items,
    value,
    onChange,
    getId = defaultId,
    getLabel = defaultLabel,
    placeholder = false,
    loading = false,
    loadError,
    onRetry,
    disabled,
    'aria-describedby': describedBy,
    ...select
  } = props;
  useUiStyles();
  const { t } = useTranslation(UI_NAMESPACE);
  const generated = useId();
  const controlId = id ?? generated;
  const loadErrorId = `${controlId}-load-error`;
  const failed = !loading && loadError !== undefined && loadError !== null;
  // Offline on a page not kept: the page says it once, the select only stays empty.
  const notKept = useNotKeptOffline(failed ? loadError : undefined);
  const loadRequestId = failed ? errorRequestId(loadError) : undefined;
  const list = loading || failed ? [] : (items ?? []);

  const selected = value === null ? (placeholder ? String(PLACEHOLDER_ID) : '') : String(value);

  const choose = (raw: string) => {
    const chosen = Number(raw);
    if (raw === '' || chosen === PLACEHOLDER_ID) {
      onChange(null, null);
      return;
    }
    const item = list.find((each) => getId(each) === chosen);
    onChange(item === undefined ? null : chosen, item ?? null);
  };

  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      id={controlId}
      className={className}
      describedBy={
        [describedBy, failed && !notKept ? loadErrorId : null].filter(Boolean).join(' ') ||
        undefined
      }
      after={
        failed &&
        !notKept && (
          <div id={loadErrorId} role="alert" className="lms-ui-field__load-error">
            <span>{errorMessage(loadError)}</span>
            {loadRequestId && (
              <span className="lms-ui-state__request">
                {t('error.requestId', { id: loadRequestId })}
              </span>
            )}
            {onRetry && (
              <button type="button" className="lms-ui-button" onClick={onRetry}>
                {t('error.retry')}
              </button>
            )}
          </div>
        )
      }
    >
      {(wiring) => (
        <select
          {...select}
          {...wiring}
          className="lms-ui-input lms-ui-select"
          value={loading ? '' : selected}
          disabled={disabled || loading || failed}
          aria-busy={loading || undefined}
          onChange={(event) => choose(event.target.value)}
        >
          {loading ? (
            <option value="">{t('loading')}</option>
          ) : (
            <>
              {placeholder ? (
                <option value={String(PLACEHOLDER_ID)}>{PLACEHOLDER_LABEL}</option>
              ) : (
                value === null && <option value="" disabled />
              )}
              {list.map((item) => (
                <option key={getId(item)} value={String(getId(item))}>
                  {getLabel(item)}
                </option>
              ))}
            </>
          )}
        </select>
      )}
    </FieldFrame>
  );
}
