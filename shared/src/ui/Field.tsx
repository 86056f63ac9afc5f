import {
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n/resources/index.js';
import { FieldFrame } from './FieldFrame.js';
import { useUiStyles } from './styles.js';

/** What every field takes besides its control's own attributes. */
export interface FieldBaseProps {
  label: ReactNode;
  /** Help text under the control (e.g. the strong-password hint). */
  hint?: ReactNode | undefined;
  /** Validation message under the control; marks it invalid. */
  error?: ReactNode | undefined;
  /** The control's id; a generated one otherwise. */
  id?: string | undefined;
  /** Class of the field's wrapper (label, control, hint, error). */
  className?: string | undefined;
}

export interface FieldProps
  extends FieldBaseProps, Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldBaseProps> {
  /** A password input with a show/hide toggle (the type is then chosen by the toggle). */
  secret?: boolean;
}

/** A labelled input with its hint and validation message wired for screen readers. */
export function Field({
  label,
  hint,
  error,
  id,
  className,
  secret = false,
  type = 'text',
  'aria-describedby': describedBy,
  ...input
}: FieldProps) {
  useUiStyles();
  const { t } = useTranslation(UI_NAMESPACE);
  const [revealed, setRevealed] = useState(false);
  return (
    <FieldFrame {...{ label, hint, error, id, className, describedBy }}>
      {(wiring) => (
        <div className="lms-ui-field__control">
          <input
            {...input}
            {...wiring}
            type={secret ? (revealed ? 'text' : 'password') : type}
            className={secret ? 'lms-ui-input lms-ui-input--with-toggle' : 'lms-ui-input'}
          />
          {secret && (
            <button
              type="button"
              className="lms-ui-reveal"
              aria-pressed={revealed}
              aria-label={t('field.showPassword')}
              title={revealed ? t('field.hidePassword') : t('field.showPassword')}
              disabled={input.disabled}
              onClick={() => setRevealed((value) => !value)}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
                <circle cx="12" cy="12" r="3" />
                {revealed && <path d="M4 4l16 16" />}
              </svg>
            </button>
          )}
        </div>
      )}
    </FieldFrame>
  );
}

export interface SelectFieldProps
  extends FieldBaseProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, keyof FieldBaseProps> {
  /** The <option> elements. */
  children?: ReactNode;
}

/** A labelled native select with the same hint and error wiring as Field. */
export function SelectField({
  label,
  hint,
  error,
  id,
  className,
  children,
  'aria-describedby': describedBy,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame {...{ label, hint, error, id, className, describedBy }}>
      {(wiring) => (
        <select {...select} {...wiring} className="lms-ui-input lms-ui-select">
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

export interface TextAreaFieldProps
  extends FieldBaseProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof FieldBaseProps> {}

/** A labelled multi-line text input with the same hint and error wiring as Field. */
export function TextAreaField({
  label,
  hint,
  error,
  id,
  className,
  rows = 3,
  'aria-describedby': describedBy,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FieldFrame {...{ label, hint, error, id, className, describedBy }}>
      {(wiring) => (
        <textarea {...textarea} {...wiring} rows={rows} className="lms-ui-input lms-ui-textarea" />
      )}
    </FieldFrame>
  );
}

export interface FormErrorProps {
  /** The message; nothing is rendered when it is empty. */
  children?: ReactNode;
  id?: string | undefined;
  className?: string | undefined;
}

/** A form-level error (a failed submit, a rejected request), announced as an alert. */
export function FormError({ children, id, className }: FormErrorProps) {
  useUiStyles();
  if (children === undefined || children === null || children === '' || children === false) {
    return null;
  }
  return (
    <p id={id} role="alert" className={['lms-ui-form-error', className].filter(Boolean).join(' ')}>
      {children}
    </p>
  );
}
