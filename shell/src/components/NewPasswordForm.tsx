import type { FormHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, Loading, NEW_PASSWORD_MIN_LENGTH, type FieldProps } from '@lms/shared';

/** One of the form's two password inputs; `error` is an i18n key of the common namespace. */
export interface PasswordInput extends Pick<
  FieldProps,
  'name' | 'label' | 'value' | 'onChange' | 'minLength'
> {
  error?: string | undefined;
}

export interface NewPasswordFormProps extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'children'
> {
  /** What the form shows and asks before the new password: the new login, the old password. */
  children: ReactNode;
  newPassword: PasswordInput;
  confirmation: PasswordInput;
  /** While the form is being sent its buttons give way to a spinner. */
  busy: boolean;
  submitLabel: string;
  /** Buttons after the submit button (the way back to sign-in). */
  moreActions?: ReactNode;
  /** The classes of the buttons' row and of the submit button. */
  classes: { actions?: string | undefined; submit?: string | undefined };
  /** The form was submitted (the page stays): check the values and send them. */
  onSubmit: () => void;
}

/**
 * The part the shell's two password forms share (spec §5), the first sign-in's change of login
 * and password and the password change: the new password with the policy under it and its
 * confirmation, each with its show/hide toggle and its message, and the submit button.
 */
export function NewPasswordForm({
  children,
  newPassword,
  confirmation,
  busy,
  submitLabel,
  moreActions,
  classes,
  onSubmit,
  ...form
}: NewPasswordFormProps) {
  const { t } = useTranslation();
  const field = ({ error, ...input }: PasswordInput) => ({
    ...input,
    error: error ? t(error, { min: NEW_PASSWORD_MIN_LENGTH }) : undefined,
  });

  return (
    <form
      {...form}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
      aria-busy={busy}
    >
      {children}
      <Field
        {...field(newPassword)}
        secret
        autoComplete="new-password"
        required
        hint={t('password.policy', { min: NEW_PASSWORD_MIN_LENGTH })}
      />
      <Field {...field(confirmation)} secret autoComplete="new-password" required />
      <div className={classes.actions}>
        {busy ? (
          <Loading />
        ) : (
          <>
            <button type="submit" className={classes.submit}>
              {submitLabel}
            </button>
            {moreActions}
          </>
        )}
      </div>
    </form>
  );
}
