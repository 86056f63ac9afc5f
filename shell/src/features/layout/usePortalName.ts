import { atom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, lmsStore, type PortalConfig } from '@lms/shared';
import { getPortalConfig } from './api/portal-config';

/** /lms/config.json, loaded after sign-in (spec §4); null until then or when it fails. */
export const portalConfigAtom = atom<PortalConfig | null>(null);

export function usePortalConfigLoader(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return undefined;
    let active = true;
    getPortalConfig()
      .then((config) => {
        if (active) lmsStore.set(portalConfigAtom, config);
      })
      .catch((error: unknown) => console.warn('config.json could not be loaded', error));
    return () => {
      active = false;
    };
  }, [signedIn]);
}

/** The portal's name from its configuration in the current language, else the product name. */
export function usePortalName(): string {
  const { t, i18n } = useTranslation();
  const config = useAtomValue(portalConfigAtom, { store: lmsStore });
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return (isLanguage(lng) && config?.name[lng]) || t('brand.product');
}
