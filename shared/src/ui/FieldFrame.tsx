import { useId, type ReactNode } from 'react';
import { useUiStyles } from './styles.js';

/** What a field's control takes from its frame so the label, hint and error reach it. */
export interface ControlWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode | undefined;
  error?: ReactNode | undefined;
  /** The control's id; a generated one otherwise. */
  id?: string | undefined;
  /** Ids the control is also described by (the caller's own aria-describedby). */
  describedBy?: string | undefined;
  className?: string | undefined;
  /** Rendered last, e.g. a list's load failure with its retry button. */
  after?: ReactNode;
  /** Renders the control with the wiring spread on it. */
  children: (wiring: ControlWiring) => ReactNode;
}

/**
 * The label, hint and error around one control, shared by Field, SelectField, TextAreaField and
 * ChoiceSelect. The error is tied to the control (aria-invalid, aria-describedby) rather than
 * announced on its own: a form with several invalid fields would otherwise raise several alerts
 * at once; the form-level message (FormError) is the alert.
 */
export function FieldFrame({
  label,
  hint,
  error,
  id,
  describedBy,
  className,
  after,
  children,
}: FieldFrameProps) {
  useUiStyles();
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasHint = hint !== undefined && hint !== null && hint !== '' && hint !== false;
  const hasError = error !== undefined && error !== null && error !== '' && error !== false;
  const described = [describedBy, hasHint ? hintId : null, hasError ? errorId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={['lms-ui-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId} className="lms-ui-field__label">
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': hasError ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      {hasHint && (
        <p id={hintId} className="lms-ui-field__hint">
          {hint}
        </p>
      )}
      {hasError && (
        <p id={errorId} className="lms-ui-field__error">
          {error}
        </p>
      )}
      {after}
    </div>
  );
}
