import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { http } from '../http/client.js';
import { detectLanguage, persistLanguage } from './detect.js';
import { DEFAULT_LANGUAGE, HTML_LANG, LANGUAGES, isLanguage, type Language } from './languages.js';
import {
  createMissingKeyReporter,
  type MissingKeyReporter,
  type MissingKeysMode,
} from './missing.js';
import { UI_NAMESPACE, uiResources } from './resources/index.js';

/** The one i18next instance of the portal (i18next and @lms/shared are federation singletons). */
export const i18n = i18next;

export type NamespaceResources = Record<Language, Record<string, unknown>>;

// Namespaces registered before init; i18next has no resource store until init runs.
const embedded = new Map<string, NamespaceResources>([[UI_NAMESPACE, uiResources]]);

function resourcesOf(namespaces: Map<string, NamespaceResources>): Resource {
  const resources: Resource = {};
  for (const lng of LANGUAGES) {
    resources[lng] = {};
    for (const [ns, byLanguage] of namespaces) resources[lng][ns] = byLanguage[lng];
  }
  return resources;
}

function onLanguageChanged(lng: string): void {
  if (!isLanguage(lng)) return;
  persistLanguage(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lng];
}

/** What the bundler fills in (the browser build has no Node types). */
declare const process: { env: { NODE_ENV?: string } };

/**
 * The build's mode: webpack writes 'development' or 'production' in place of
 * process.env.NODE_ENV; anything else (jest's 'test', no bundler) reports nothing.
 */
function buildMode(): MissingKeysMode | null {
  let mode: string | undefined;
  try {
    mode = process.env.NODE_ENV;
  } catch {
    return null;
  }
  return mode === 'development' || mode === 'production' ? mode : null;
}

let missingKeys: MissingKeyReporter | null | undefined;

/** The reporter of missing keys (docs/i18n-missing-keys.md), made on the first missing key. */
function missingKeyReporter(): MissingKeyReporter | null {
  if (missingKeys === undefined) {
    const mode = buildMode();
    missingKeys = mode
      ? createMissingKeyReporter({
          mode,
          send: (lng, ns, keys) => http.post(`/locales/add/${lng}/${ns}`, keys),
        })
      : null;
  }
  return missingKeys;
}

/**
 * Replaces the reporter of missing keys (null: report nothing), e.g. to send elsewhere or to
 * observe it in a test. Without it the build's mode decides.
 */
export function setMissingKeyReporter(reporter: MissingKeyReporter | null): void {
  missingKeys = reporter;
}

let initialisation: Promise<typeof i18n> | null = null;

/**
 * Initialises the instance once (later calls return the same promise): detected language,
 * Russian fallback, every namespace registered so far. Resources are embedded, so it settles
 * synchronously in practice and the first render already has its texts.
 */
export function initI18n(): Promise<typeof i18n> {
  initialisation ??= (async () => {
    i18n.use(initReactI18next);
    // Every change (also a direct i18n.changeLanguage) is remembered and put on <html lang>.
    i18n.on('languageChanged', onLanguageChanged);
    await i18n.init({
      lng: detectLanguage(),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      ns: [...embedded.keys()],
      // The shell's namespace: plain t('key') in the shell reads `common`.
      defaultNS: 'common',
      resources: resourcesOf(embedded),
      initAsync: false,
      interpolation: { escapeValue: false },
      // A key found in no language is reported under the language the page is shown in.
      saveMissing: true,
      saveMissingTo: 'current',
      missingKeyHandler: (lngs, ns, key, fallbackValue) =>
        missingKeyReporter()?.report(lngs, ns, key, fallbackValue),
    });
    return i18n;
  })();
  return initialisation;
}

/** Switches the interface language; the choice is persisted in the cookie and local storage. */
export async function changeLanguage(lng: Language): Promise<void> {
  if (!isLanguage(lng)) throw new Error(`Unsupported language: ${String(lng)}`);
  await initI18n();
  await i18n.changeLanguage(lng);
}

/**
 * Adds an app's embedded namespace in all three languages (remotes call it at module load,
 * before or after initI18n). A later registration of the same namespace replaces it.
 */
export function registerNamespace(ns: string, resources: NamespaceResources): void {
  embedded.set(ns, resources);
  if (!i18n.isInitialized && !i18n.isInitializing) return;
  for (const lng of LANGUAGES) i18n.addResourceBundle(lng, ns, resources[lng], true, true);
}
