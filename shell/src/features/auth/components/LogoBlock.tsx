import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, LogoConfig } from '@lms/shared';
import universityImage from '../../../assets/university.svg';
import {
  DEFAULT_LOGO_FONT_SIZE,
  DEFAULT_LOGO_WIDTH,
  getLogoConfig,
  logoConfigOfPage,
} from '../api/logo';
import styles from './LogoBlock.module.css';

/** The bundled university image's own size (its viewBox), the logo's size before it loads. */
const LOGO_BOX = 120;

/**
 * The logo configuration the server put into the page, or else /lms/logo.json; null while loading
 * and when it cannot be read (the fallback shows then).
 */
export function useLogoConfig(): LogoConfig | null {
  const [config, setConfig] = useState<LogoConfig | null>(logoConfigOfPage);
  useEffect(() => {
    if (config) return undefined;
    let active = true;
    getLogoConfig()
      .then((value) => {
        if (active) setConfig(value);
      })
      .catch((error: unknown) => console.warn('logo.json could not be loaded', error));
    return () => {
      active = false;
    };
    // Asked once: a configuration from the page is current (the page is never cached).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return config;
}

interface Props {
  config: LogoConfig | null;
  className?: string;
}

/**
 * The university logo and name, with the bundled university image when the logo fails. The
 * server brands the prerendered copy of it by its `data-logo` marks (api/src/areas/portal).
 */
export function LogoBlock({ config, className }: Props) {
  const { t, i18n } = useTranslation();
  const [failedSource, setFailedSource] = useState<string | null>(null);

  const language = (i18n.resolvedLanguage ?? i18n.language) as Language;
  const name = config?.names?.[language] || config?.name || t('brand.product');
  const configured = config?.logo || null;
  const source = configured && configured !== failedSource ? configured : universityImage;
  const width = config?.width ?? DEFAULT_LOGO_WIDTH;
  const fontSize = config?.fontsize ?? DEFAULT_LOGO_FONT_SIZE;

  return (
    <div className={[styles.block, className].filter(Boolean).join(' ')}>
      <img
        data-logo=""
        className={styles.logo}
        src={source}
        // The bundled image's size; the page's width share (style) decides the shown size, and
        // a configured logo keeps its own proportions once loaded (height: auto).
        width={LOGO_BOX}
        height={LOGO_BOX}
        alt={t('login.logoAlt', { name })}
        style={{ width: `${width}%` }}
        onError={() => setFailedSource(configured)}
      />
      <p data-logo-name="" className={styles.name} style={{ fontSize: `${fontSize}px` }}>
        {name}
      </p>
    </div>
  );
}
