import { useInsertionEffect } from 'react';

const STYLE_ELEMENT_ID = 'lms-ui-styles';

// shared is compiled by tsc (no CSS loader), so the kit's rules live here, injected once. Every
// class starts with `lms-ui-` and the colours come from the theme variables.
const CSS = `
.lms-ui-loading { padding: 16px; color: var(--lms-muted); font-family: var(--lms-font); text-align: center; }
.lms-ui-notifications { position: fixed; bottom: calc(16px + var(--lms-toast-inset, 0px)); right: 16px; z-index: 1100; display: flex; flex-direction: column; gap: 8px; width: min(360px, calc(100vw - 32px)); pointer-events: none; font-family: var(--lms-font); }
.lms-ui-toast { pointer-events: auto; display: flex; align-items: flex-start; gap: 8px; padding: 12px 6px 12px 16px; border-radius: var(--lms-radius); border: 1px solid var(--lms-border); border-left: 4px solid var(--lms-primary); background: var(--lms-surface); color: var(--lms-text); box-shadow: var(--lms-shadow); }
.lms-ui-toast > .lms-ui-icon-button { margin: -6px 0; }
.lms-ui-toast--success { border-left-color: var(--lms-success); }
.lms-ui-toast--error { border-left-color: var(--lms-danger); }
.lms-ui-toast__text { flex: 1; display: flex; flex-direction: column; gap: 0.25rem; min-width: 0; }
.lms-ui-toast__message { margin: 0; overflow-wrap: anywhere; white-space: pre-line; }
.lms-ui-notifications[data-placement='start'] { right: auto; left: 16px; }
.lms-ui-notifications[data-placement='top'] { bottom: auto; top: calc(16px + var(--lms-toast-top-inset, 0px)); }
.lms-ui-notifications[data-unfolded] { max-height: calc(100vh - 32px - var(--lms-toast-inset, 0px) - var(--lms-toast-top-inset, 0px)); overflow-y: auto; pointer-events: auto; }
.lms-ui-notifications__more { pointer-events: auto; align-self: flex-end; min-height: 32px; padding: 4px 12px; border: 1px solid var(--lms-border); border-radius: 999px; background: var(--lms-surface); color: var(--lms-primary); font: inherit; font-size: 0.875rem; box-shadow: var(--lms-shadow); cursor: pointer; }
.lms-ui-notifications__more:focus-visible { outline: 2px solid var(--lms-primary); outline-offset: 2px; }
.lms-ui-icon-button { flex: none; width: 40px; height: 40px; border: none; border-radius: 50%; background: transparent; color: var(--lms-muted); font-size: 18px; line-height: 1; cursor: pointer; }
.lms-ui-icon-button:hover { color: var(--lms-text); background: var(--lms-bg); }
.lms-ui-backdrop { position: fixed; inset: 0; z-index: 1200; display: flex; align-items: center; justify-content: center; padding: 16px; background: rgba(0, 0, 0, 0.45); }
.lms-ui-dialog { width: min(420px, 100%); padding: 20px; border-radius: var(--lms-radius); background: var(--lms-surface); color: var(--lms-text); box-shadow: var(--lms-shadow); font-family: var(--lms-font); }
.lms-ui-dialog__title { margin: 0 0 8px; font-size: 1.125rem; }
.lms-ui-dialog__message { margin: 0 0 20px; white-space: pre-line; }
.lms-ui-dialog__actions { display: flex; justify-content: flex-end; gap: 8px; flex-wrap: wrap; }
.lms-ui-button { display: inline-flex; align-items: center; justify-content: center; gap: 0.4rem; min-height: 2.5rem; padding: 0 1rem; border-radius: var(--lms-radius); border: 1px solid var(--lms-border); background: var(--lms-surface); color: var(--lms-text); font: inherit; text-decoration: none; cursor: pointer; }
.lms-ui-button--primary { border-color: var(--lms-primary); background: var(--lms-primary); color: var(--lms-primary-contrast); }
.lms-ui-button--secondary { border-color: var(--lms-primary); background: transparent; color: var(--lms-primary); }
.lms-ui-button--danger { border-color: var(--lms-danger); background: var(--lms-danger); color: var(--lms-danger-contrast); }
.lms-ui-button:disabled, .lms-ui-button[aria-disabled="true"] { opacity: 0.6; cursor: not-allowed; }
.lms-ui-button:focus-visible, .lms-ui-icon-button:focus-visible { outline: 2px solid var(--lms-primary); outline-offset: 2px; }
.lms-ui-progress { width: 100%; height: 8px; overflow: hidden; border-radius: 4px; background: var(--lms-border); }
.lms-ui-progress__fill { height: 100%; background: var(--lms-primary); transition: width 0.3s ease; }
.lms-ui-file-icon { display: inline-block; flex: none; vertical-align: middle; }
.lms-ui-error { padding: 24px; text-align: center; color: var(--lms-text); font-family: var(--lms-font); }
.lms-ui-error p { margin: 0 0 12px; }
.lms-ui-section { display: flex; flex-direction: column; gap: 0.75rem; padding: 1.5rem; background: var(--lms-surface); color: var(--lms-text); border: 1px solid var(--lms-border); border-radius: var(--lms-radius); font-family: var(--lms-font); }
.lms-ui-section--pane { gap: 0.5rem; padding: 1rem; }
.lms-ui-reason-form { display: flex; flex-direction: column; gap: 0.5rem; min-width: min(18rem, 100%); }
.lms-ui-reason-form__buttons { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.lms-ui-section__title { margin: 0; font-size: 1.25rem; color: var(--lms-primary); }
.lms-ui-section__badge { align-self: flex-start; margin: 0; padding: 0.2rem 0.75rem; border-radius: var(--lms-radius); background: var(--lms-primary); color: var(--lms-primary-contrast); font-size: 0.875rem; font-weight: 600; }
.lms-ui-section__text { margin: 0; line-height: 1.5; }
.lms-ui-section__muted { margin: 0; color: var(--lms-muted); font-size: 0.875rem; }
.lms-ui-plain-list { display: flex; flex-direction: column; margin: 0; padding: 0; list-style: none; }
.lms-ui-visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.lms-ui-field { display: grid; gap: 0.3rem; min-width: 0; font-family: var(--lms-font); }
.lms-ui-field__label { font-size: 0.875rem; font-weight: 600; color: var(--lms-text); }
.lms-ui-field__control { position: relative; display: flex; }
.lms-ui-input { box-sizing: border-box; width: 100%; min-width: 0; min-height: 2.75rem; padding: 0.55rem 0.8rem; border: 1px solid var(--lms-border); border-radius: var(--lms-radius); background: var(--lms-surface); color: var(--lms-text); font: inherit; }
.lms-ui-input--with-toggle { padding-right: 3rem; }
.lms-ui-textarea { min-height: 5rem; line-height: 1.45; resize: vertical; }
.lms-ui-select { cursor: pointer; text-overflow: ellipsis; }
.lms-ui-input:focus-visible { border-color: var(--lms-primary); outline: 2px solid var(--lms-primary); outline-offset: 0; }
.lms-ui-input[aria-invalid='true'] { border-color: var(--lms-danger); }
.lms-ui-input:disabled { opacity: 0.65; cursor: not-allowed; }
.lms-ui-reveal { position: absolute; top: 50%; right: 0.3rem; display: grid; width: 2.5rem; height: 2.5rem; place-items: center; border: 0; border-radius: var(--lms-radius); background: transparent; color: var(--lms-muted); transform: translateY(-50%); cursor: pointer; }
.lms-ui-reveal[aria-pressed='true'] { color: var(--lms-primary); }
.lms-ui-reveal:focus-visible { outline: 2px solid var(--lms-primary); outline-offset: 0; }
.lms-ui-reveal svg { width: 1.3rem; height: 1.3rem; fill: none; stroke: currentcolor; stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; }
.lms-ui-field__hint { margin: 0; color: var(--lms-muted); font-size: 0.8125rem; line-height: 1.35; }
.lms-ui-field__error { margin: 0; color: var(--lms-danger); font-size: 0.8125rem; line-height: 1.35; }
.lms-ui-field__load-error { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; color: var(--lms-danger); font-size: 0.8125rem; line-height: 1.35; }
.lms-ui-form-error { margin: 0; padding: 0.6rem 0.8rem; border: 1px solid var(--lms-danger); border-left-width: 4px; border-radius: var(--lms-radius); background: var(--lms-surface); color: var(--lms-danger); font-family: var(--lms-font); line-height: 1.4; overflow-wrap: anywhere; white-space: pre-line; }
.lms-ui-section-header { display: flex; flex-wrap: wrap; align-items: flex-start; justify-content: space-between; gap: 0.5rem 1rem; font-family: var(--lms-font); }
.lms-ui-section-header__text { display: grid; flex: 1 1 12rem; gap: 0.2rem; min-width: 0; }
.lms-ui-section-header__title { margin: 0; font-size: 1.25rem; line-height: 1.3; color: var(--lms-primary); overflow-wrap: anywhere; }
.lms-ui-section-header__subtitle { margin: 0; color: var(--lms-muted); font-size: 0.875rem; overflow-wrap: anywhere; }
.lms-ui-section-header__actions { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
@media (max-width: 599.98px) { .lms-ui-section-header__actions { flex-basis: 100%; } }
.lms-ui-section-header__actions:empty { display: none; }
.lms-ui-help-link { display: inline-flex; align-items: center; gap: 0.35rem; min-height: 2.5rem; padding: 0 0.25rem; color: var(--lms-primary); font: inherit; font-size: 0.9375rem; text-decoration: underline; text-underline-offset: 0.15em; }
.lms-ui-help-link:focus-visible { outline: 2px solid var(--lms-primary); outline-offset: 2px; border-radius: var(--lms-radius); }
.lms-ui-help-link__icon { display: inline-grid; place-items: center; width: 1.25rem; height: 1.25rem; border: 1.5px solid currentColor; border-radius: 50%; font-size: 0.8125rem; font-weight: 700; text-decoration: none; }
.lms-ui-state { display: flex; flex-direction: column; align-items: center; gap: 0.75rem; padding: 1.5rem 1rem; color: var(--lms-muted); font-family: var(--lms-font); text-align: center; }
.lms-ui-state__message { margin: 0; max-width: 40rem; line-height: 1.45; overflow-wrap: anywhere; white-space: pre-line; }
.lms-ui-state--error { color: var(--lms-text); }
.lms-ui-state--error .lms-ui-state__message { color: var(--lms-danger); }
.lms-ui-state__request { margin: 0; font-size: 0.8125rem; color: var(--lms-muted); overflow-wrap: anywhere; }
.lms-ui-state--offline { gap: 0.5rem; margin-bottom: 1rem; border: 1px solid var(--lms-border); border-radius: var(--lms-radius); background: var(--lms-bg); }
.lms-ui-state__icon { width: 2.5rem; height: 2.5rem; fill: none; stroke: var(--lms-muted); stroke-width: 3; stroke-linecap: round; }
.lms-ui-state__icon circle { fill: var(--lms-muted); stroke: none; }
.lms-ui-state__title { margin: 0; max-width: 40rem; color: var(--lms-text); font-weight: 600; line-height: 1.45; }
.lms-ui-file-input { display: grid; gap: 0.5rem; min-width: 0; font-family: var(--lms-font); }
.lms-ui-file-input__row { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 0.75rem; }
.lms-ui-file-input__button { display: inline-flex; align-items: center; gap: 0.4rem; min-height: 2.75rem; }
.lms-ui-file-input__button--compact { justify-content: center; width: 2.75rem; padding: 0; border-radius: 50%; }
.lms-ui-file-input__native:focus-visible + .lms-ui-file-input__button { outline: 2px solid var(--lms-primary); outline-offset: 2px; }
.lms-ui-file-input__native:disabled + .lms-ui-file-input__button { opacity: 0.65; cursor: not-allowed; }
.lms-ui-file-input__chips { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0; padding: 0; list-style: none; }
.lms-ui-file-input__chip { display: inline-flex; align-items: center; gap: 0.35rem; max-width: 100%; padding: 0.15rem 0.15rem 0.15rem 0.5rem; border: 1px solid var(--lms-border); border-radius: var(--lms-radius); background: var(--lms-bg); color: var(--lms-text); font-size: 0.875rem; }
.lms-ui-file-input__name { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.lms-ui-file-input__size { flex: none; color: var(--lms-muted); font-size: 0.8125rem; }
.lms-ui-icon-button:disabled { opacity: 0.5; cursor: not-allowed; }
.lms-ui-table-frame { container: lms-table / inline-size; min-width: 0; }
.lms-ui-table-hint { display: flex; justify-content: flex-end; gap: 0.35rem; margin: 0.35rem 0 0; color: var(--lms-muted); font-family: var(--lms-font); font-size: 0.8125rem; }
.lms-ui-table .lms-ui-table__cell--row { position: sticky; left: 0; z-index: 1; }
.lms-ui-table .lms-ui-table__cell--low { color: var(--lms-muted); }
@container lms-table (max-width: 639.98px) {
  .lms-ui-table-frame--cards .lms-ui-table-scroll { overflow-x: visible; border: 0; background: transparent; }
  .lms-ui-table-frame--cards .lms-ui-table, .lms-ui-table-frame--cards .lms-ui-table tbody { display: block; }
  .lms-ui-table-frame--cards .lms-ui-table caption { display: block; padding: 0 0 0.5rem; }
  .lms-ui-table-frame--cards .lms-ui-table caption.lms-ui-visually-hidden { position: absolute; padding: 0; }
  .lms-ui-table-frame--cards .lms-ui-table thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .lms-ui-table-frame--cards .lms-ui-table tbody tr { display: flex; flex-direction: column; gap: 0.3rem; margin: 0 0 0.6rem; padding: 0.7rem 0.8rem; border: 1px solid var(--lms-border); border-radius: var(--lms-radius); background: var(--lms-surface); content-visibility: auto; contain-intrinsic-size: auto 8rem; }
  .lms-ui-table-frame--cards .lms-ui-table tbody tr:hover > * { background: transparent; }
  .lms-ui-table-frame--cards .lms-ui-table tbody th, .lms-ui-table-frame--cards .lms-ui-table tbody td { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 0.15rem 0.75rem; min-width: 0; padding: 0; border: 0; background: transparent; text-align: start; overflow-wrap: anywhere; }
  .lms-ui-table-frame--cards .lms-ui-table tbody .lms-ui-table__cell--row { position: static; order: -2; font-size: 1rem; }
  .lms-ui-table-frame--cards .lms-ui-table tbody .lms-ui-table__cell--key { order: -1; font-weight: 700; }
  .lms-ui-table-frame--cards .lms-ui-table tbody .lms-ui-table__cell--key :is(button, input, select, textarea) { font-weight: 400; }
  .lms-ui-table-frame--cards .lms-ui-table tbody td:empty { display: none; }
  .lms-ui-table-frame--cards .lms-ui-table tbody .lms-ui-table__cell--low { font-size: 0.875rem; }
  .lms-ui-table-frame--cards .lms-ui-table tbody td[data-label]::before { content: attr(data-label); flex: 0 1 auto; color: var(--lms-muted); font-size: 0.8125rem; font-weight: 400; }
  .lms-ui-table-frame--cards .lms-ui-table tbody td > * { max-width: 100%; }
  .lms-ui-table-frame--cards .lms-ui-table .lms-ui-table__empty { display: block; }
  .lms-ui-table-frame--cards .lms-ui-table .lms-ui-table__empty > .lms-ui-state { position: static; width: auto; }
}
.lms-ui-page { display: flex; flex-direction: column; gap: 1rem; min-width: 0; color: var(--lms-text); font-family: var(--lms-font); }
.lms-ui-page > .lms-ui-section-header .lms-ui-section-header__title { font-size: 1.5rem; }
.lms-ui-table-scroll { position: relative; max-width: 100%; overflow-x: auto; border: 1px solid var(--lms-border); border-radius: var(--lms-radius); background: var(--lms-surface); overscroll-behavior-x: contain; }
.lms-ui-table-scroll:focus-visible { outline: 2px solid var(--lms-primary); outline-offset: 2px; }
.lms-ui-table { width: 100%; border-collapse: separate; border-spacing: 0; color: var(--lms-text); font-family: var(--lms-font); font-size: 0.9375rem; }
.lms-ui-table caption { padding: 0.75rem; caption-side: top; font-weight: 600; text-align: start; }
.lms-ui-table th, .lms-ui-table td { padding: 0.5rem 0.75rem; border-bottom: 1px solid var(--lms-border); background: var(--lms-surface); text-align: start; vertical-align: top; }
.lms-ui-table thead th { color: var(--lms-muted); font-size: 0.8125rem; font-weight: 600; white-space: nowrap; }
.lms-ui-table tbody th { font-weight: 600; }
.lms-ui-table tbody tr:last-child > * { border-bottom: 0; }
.lms-ui-table tbody tr:hover > * { background: var(--lms-bg); }
.lms-ui-table .lms-ui-table__cell--center { text-align: center; }
.lms-ui-table .lms-ui-table__cell--end { text-align: end; font-variant-numeric: tabular-nums; }
.lms-ui-table .lms-ui-table__cell--sticky { position: sticky; left: 0; z-index: 1; box-shadow: inset -1px 0 0 var(--lms-border); }
.lms-ui-table .lms-ui-table__empty { padding: 0; }
.lms-ui-table .lms-ui-table__empty > .lms-ui-state { position: sticky; left: 0; box-sizing: border-box; width: min(100%, calc(100vw - 3rem)); }
@media (prefers-reduced-motion: reduce) { .lms-ui-progress__fill { transition: none; } }
`;

function installUiStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ELEMENT_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ELEMENT_ID;
  style.textContent = CSS;
  document.head.appendChild(style);
}

/** Components of the kit call this so the stylesheet exists before they paint. */
export function useUiStyles(): void {
  useInsertionEffect(installUiStyles, []);
}

/**
 * The kit's unstyled list (no bullets, no indent, items in a column): a remote adds only its own
 * spacing, `<ul className={`${usePlainList()} ${styles.list}`}>`.
 */
export function usePlainList(): string {
  useUiStyles();
  return 'lms-ui-plain-list';
}

/** The kit's screen-reader-only text (a caption, a legend, a status word): `className={useVisuallyHidden()}`. */
export function useVisuallyHidden(): string {
  useUiStyles();
  return 'lms-ui-visually-hidden';
}
