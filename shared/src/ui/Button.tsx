import type { ButtonHTMLAttributes, Ref } from 'react';
import { useUiStyles } from './styles.js';

/**
 * - `primary`: the screen's main action (save, send, sign in);
 * - `secondary`: another action beside it (cancel, retry, export);
 * - `danger`: what cannot be undone (delete, revoke), usually behind `confirm`;
 * - `plain`: a neutral button in the surface colour.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'plain';

const classOf = (variant: ButtonVariant, className?: string) =>
  ['lms-ui-button', variant === 'plain' ? null : `lms-ui-button--${variant}`, className]
    .filter(Boolean)
    .join(' ');

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The kit's button: one look for every remote (a 40 px touch target, the theme's colours, a
 * visible focus ring, dimmed while disabled). `type` is "button" unless said otherwise, so a
 * button inside a form never submits it by accident.
 */
export function Button({ variant = 'plain', className, type = 'button', ...props }: ButtonProps) {
  useUiStyles();
  return <button type={type} className={classOf(variant, className)} {...props} />;
}

/**
 * The same look for a link that acts as a button (a download, an export):
 * `<a className={useButtonClass('secondary')} href=… download>`.
 */
export function useButtonClass(variant: ButtonVariant = 'plain', className?: string): string {
  useUiStyles();
  return classOf(variant, className);
}
