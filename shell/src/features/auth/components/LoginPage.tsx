import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { THEME_COLOR, useSession } from '@lms/shared';
import productLogo from '../../../assets/product-logo.svg';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { MessageBox } from '../../../components/MessageBox';
import { ThemeToggle } from '../../../components/ThemeToggle';
import { usePageTitle } from '../../../components/usePageTitle';
import { useLoginFlow } from '../useLoginFlow';
import { ChangeCredentialsForm } from './ChangeCredentialsForm';
import { LoginForm } from './LoginForm';
import { LogoBlock, useLogoConfig } from './LogoBlock';
import styles from './LoginPage.module.css';

function useThemeColorMeta(): void {
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'theme-color';
      document.head.appendChild(meta);
    }
    meta.content = THEME_COLOR;
  }, []);
}

/** The portal page the login was asked from (RequireSession), never another site or the login. */
function returnPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/lms/') || from.startsWith('/lms/login')) {
    return null;
  }
  return from.startsWith('//') ? null : from;
}

/**
 * /lms/login. Desktop (≥ 900 px): the university's brand panel beside the form. Mobile: the form
 * over a background illustration, with the product logo.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { status } = useSession();
  const flow = useLoginFlow();
  const logo = useLogoConfig();
  usePageTitle(t('login.pageName'));
  useThemeColorMeta();

  const returnTo = returnPath(useLocation().state);

  // An open session needs no login (also covers the moment right after authorize): back to the
  // page that asked for it, or home.
  if (status === 'authenticated') return <Navigate to={returnTo ?? '/lms'} replace />;

  const { message } = flow;
  const showInvalid = (key: string) => flow.setMessage({ key });

  return (
    <div className={styles.page}>
      <aside className={styles.brand} aria-label={t('login.universityLabel')}>
        <LogoBlock config={logo} className={styles.brandLogo} />
        <p className={styles.tagline}>{t('brand.tagline')}</p>
      </aside>

      <main className={styles.main}>
        <div className={styles.toolbar}>
          <LanguageSwitch />
          <ThemeToggle className={styles.themeToggle} />
        </div>

        <section className={styles.card} aria-labelledby="login-title">
          <header className={styles.cardHeader}>
            <img className={styles.productLogo} src={productLogo} width={56} height={56} alt="" />
            <LogoBlock config={logo} className={styles.mobileLogo} />
            <h1 id="login-title" className={styles.title}>
              {flow.step === 'login' ? t('login.title') : t('login.changeTitle')}
            </h1>
          </header>

          {message && (
            <MessageBox
              message={'key' in message ? t(message.key) : message.text}
              onClose={flow.dismissMessage}
            />
          )}

          {flow.step === 'login' ? (
            <LoginForm
              busy={flow.busy}
              onSubmit={(values) => void flow.submitLogin(values)}
              onInvalid={showInvalid}
            />
          ) : (
            <ChangeCredentialsForm
              busy={flow.busy}
              onSubmit={(values) => void flow.submitChange(values)}
              onInvalid={showInvalid}
              onBack={flow.backToLogin}
            />
          )}
        </section>

        <p className={styles.footer}>
          {t('brand.product')} · {t('profile.version', { version: __APP_VERSION__ })}
        </p>
      </main>
    </div>
  );
}
