import type { CSSProperties } from 'react';

// shared is compiled by tsc (no CSS loader): the standalone page is styled inline, with the theme
// variables only, so it follows light and dark mode like the portal. Buttons reuse the kit's
// classes (lms-ui-button) from ui/styles.ts.

export const page: CSSProperties = {
  minHeight: '100vh',
  margin: 0,
  background: 'var(--lms-bg)',
  color: 'var(--lms-text)',
  fontFamily: 'var(--lms-font)',
};

export const header: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '8px 16px',
  padding: '8px 16px',
  background: 'var(--lms-surface)',
  borderBottom: '1px solid var(--lms-border)',
  boxShadow: 'var(--lms-shadow)',
};

export const headerStart: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '8px 16px',
};

export const headerEnd: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: 8,
  marginLeft: 'auto',
};

export const headerTitle: CSSProperties = {
  margin: 0,
  fontSize: '1rem',
  color: 'var(--lms-primary)',
};

export const nav: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: 12 };

export const navLink = ({ isActive }: { isActive: boolean }): CSSProperties => ({
  color: 'var(--lms-primary)',
  fontWeight: isActive ? 700 : 400,
  textDecoration: isActive ? 'underline' : 'none',
});

export const userName: CSSProperties = { fontWeight: 600 };

export const toolbar: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: 8 };

export const main: CSSProperties = { maxWidth: 1100, margin: '0 auto', padding: 16 };

export const loginPage: CSSProperties = {
  display: 'flex',
  justifyContent: 'center',
  padding: '10vh 16px 16px',
};

export const loginCard: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
  width: 'min(380px, 100%)',
  padding: 24,
  background: 'var(--lms-surface)',
  border: '1px solid var(--lms-border)',
  borderRadius: 'var(--lms-radius)',
  boxShadow: 'var(--lms-shadow)',
};

export const loginTitle: CSSProperties = { margin: 0, fontSize: '1.25rem' };

export const muted: CSSProperties = { margin: 0, color: 'var(--lms-muted)', fontSize: '0.875rem' };

export const field: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 4 };

export const input: CSSProperties = {
  minHeight: 36,
  padding: '0 10px',
  border: '1px solid var(--lms-border)',
  borderRadius: 'var(--lms-radius)',
  background: 'var(--lms-bg)',
  color: 'var(--lms-text)',
  font: 'inherit',
};

export const alert: CSSProperties = {
  margin: 0,
  color: 'var(--lms-danger)',
  whiteSpace: 'pre-line',
};
