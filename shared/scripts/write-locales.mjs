// Writes shared's embedded namespaces (ui, standalone) as JSON beside the build, so the API can
// serve them at /lms/locales/{lng}/{ns}.json like every app's own language files.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UI_NAMESPACE, uiResources } from '../dist/i18n/resources/index.js';
import { STANDALONE_NAMESPACE, standaloneResources } from '../dist/standalone/resources.js';

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'locales');
const namespaces = { [UI_NAMESPACE]: uiResources, [STANDALONE_NAMESPACE]: standaloneResources };

for (const [namespace, byLanguage] of Object.entries(namespaces)) {
  for (const [language, strings] of Object.entries(byLanguage)) {
    mkdirSync(join(localesDir, language), { recursive: true });
    writeFileSync(
      join(localesDir, language, `${namespace}.json`),
      JSON.stringify(strings, null, 2),
    );
  }
}
