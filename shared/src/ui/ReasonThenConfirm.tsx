import { useState, type FormEvent } from 'react';
import { REVOKE_REASON_MAX_LENGTH, REVOKE_REASON_MIN_LENGTH } from '../contract/constants.js';
import { Button, type ButtonVariant } from './Button.js';
import { confirm } from './confirm.js';
import { TextAreaField } from './Field.js';
import { useUiStyles } from './styles.js';

/** The words of a step that cannot be undone and needs a reason (the caller's language). */
export interface ReasonThenConfirmTexts {
  /** The button that opens the form, and its accessible name (naming what it acts on). */
  open: string;
  openLabel: string;
  /** The reason's field: its label and hint, and the error of a reason too short. */
  reason: string;
  hint: string;
  tooShort: string;
  /** The confirmation's question (given the reason as it will be stored) and its title. */
  question: (reason: string) => string;
  title?: string;
  /** The step itself (the form's button and the confirmation's yes). */
  act: string;
  /** The confirmation's no, and the form's way out. */
  keep: string;
  close: string;
}

export interface ReasonThenConfirmProps {
  texts: ReasonThenConfirmTexts;
  /** How the opening button looks: a danger where the step is the card's main action. */
  openVariant?: Extract<ButtonVariant, 'danger' | 'secondary'>;
  /** The step is on its way (the form's button waits). */
  pending: boolean;
  /** The confirmed step, with the reason trimmed and its spaces folded. */
  onConfirmed: (reason: string) => void;
}

/**
 * A step that cannot be undone and is taken with a reason another person will read (revoking a
 * document): a button, then the reason, then a confirmation, then `onConfirmed`.
 */
export function ReasonThenConfirm({
  texts,
  openVariant = 'danger',
  pending,
  onConfirmed,
}: ReasonThenConfirmProps) {
  useUiStyles();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  if (!open) {
    return (
      <Button variant={openVariant} onClick={() => setOpen(true)} aria-label={texts.openLabel}>
        {texts.open}
      </Button>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const given = reason.trim().replace(/\s+/g, ' ');
    if (given.length < REVOKE_REASON_MIN_LENGTH) {
      setProblem(texts.tooShort);
      return;
    }
    setProblem(undefined);
    const yes = await confirm(texts.question(given), {
      ...(texts.title === undefined ? {} : { title: texts.title }),
      confirmLabel: texts.act,
      cancelLabel: texts.keep,
      danger: true,
    });
    if (yes) onConfirmed(given);
  };

  return (
    <form className="lms-ui-reason-form" onSubmit={(event) => void submit(event)}>
      <TextAreaField
        label={texts.reason}
        hint={texts.hint}
        error={problem}
        value={reason}
        maxLength={REVOKE_REASON_MAX_LENGTH}
        onChange={(event) => setReason(event.target.value)}
        aria-required="true"
      />
      <div className="lms-ui-reason-form__buttons">
        <Button type="submit" variant="danger" disabled={pending}>
          {texts.act}
        </Button>
        <Button onClick={() => setOpen(false)}>{texts.close}</Button>
      </div>
    </form>
  );
}
