// node --test tools/eslint: the boundary rule refuses what docs/remote-layout.md forbids.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import { boundaries } from './boundaries.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const at = (file) => path.join(ROOT, file);
// Each case is its own node:test test.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('lms/boundaries', boundaries, {
  valid: [
    // Inside one feature, anything goes.
    {
      filename: at('mfe-chat/src/features/conversation/components/ChatPage.tsx'),
      code: "import { sendMessage } from '../api/messages';",
    },
    // Another feature through its index.
    {
      filename: at('mfe-chat/src/features/conversation/api/useConversation.ts'),
      code: "import { useChain } from '../../chain';",
    },
    {
      filename: at('mfe-chat/src/features/conversation/api/useConversation.ts'),
      code: "import { useChain } from '../../chain/index';",
    },
    // Exposed wrappers use features through their index; features use the app's shared code.
    {
      filename: at('mfe-chat/src/exposed/App.tsx'),
      code: "import { ChatPage } from '../features/conversation';",
    },
    {
      filename: at('mfe-chat/src/features/chain/components/DisciplineList.tsx'),
      code: "import styles from '../../../components/Panes.module.css';",
    },
    // Packages by name; the test kit in tests.
    {
      filename: at('mfe-news/src/features/news/api/news.ts'),
      code: "import { apiUrl } from '@lms/shared';",
    },
    {
      filename: at('api/src/areas/chat/routes.ts'),
      code: "import { ChatTarget } from '@lms/shared/contract';",
    },
    // The API's areas: inside one area anything goes; another area through its index; the
    // app, plugins and seeds through the area's index; the API's tests test an area's parts.
    {
      filename: at('api/src/areas/orders/service.ts'),
      code: "import { orderRefusal } from './rules.js';",
    },
    {
      filename: at('api/src/areas/orders/service.ts'),
      code: "import { createTranscriptRepository } from '../transcript/index.js';",
    },
    {
      filename: at('api/src/app.ts'),
      code: "import { newsArea } from './areas/news/index.js';",
    },
    // The API's directions: an area uses access/, lib/ and db/; the app composes areas and options.
    {
      filename: at('api/src/areas/news/routes.ts'),
      code: "import { sessionUser } from '../../access/index.js';",
    },
    {
      filename: at('api/src/areas/news/routes.ts'),
      code: "import { ok } from '../../lib/http.js';",
    },
    {
      filename: at('api/src/areas/news/repository.ts'),
      code: "import { Database } from '../../db/schema.js';",
    },
    {
      filename: at('api/src/options.ts'),
      code: "import { ScheduleOptions } from './areas/schedule/index.js';",
    },
    {
      filename: at('api/src/areas/index.ts'),
      code: "import { createNewsRepository } from './news/index.js';",
    },
    {
      filename: at('api/src/plugins/app/errors.ts'),
      code: "import { languageOf } from '../../lib/language.js';",
    },
    {
      filename: at('api/test/unit/orders-rules.test.ts'),
      code: "import { nextStatus } from '../../src/areas/orders/rules.js';",
    },
    {
      filename: at('mfe-news/src/features/news/components/NewsFeed.test.tsx'),
      code: "import { stubNetwork } from '@lms/shared/testing';",
    },
  ],
  invalid: [
    {
      filename: at('api/src/areas/orders/service.ts'),
      code: "import { createTranscriptRepository } from '../transcript/repository.js';",
      errors: [{ messageId: 'featureInternals' }],
    },
    {
      filename: at('api/src/app.ts'),
      code: "import newsRoutes from './areas/news/routes.js';",
      errors: [{ messageId: 'featureInternals' }],
    },
    {
      filename: at('api/src/lib/documents/issue.ts'),
      code: "import { transcriptArea } from '../../areas/transcript/index.js';",
      errors: [{ messageId: 'layerImportsArea' }],
    },
    // The API's directions: lib/, access/ and plugins/ import no area (nor their composition).
    {
      filename: at('api/src/plugins/app/session.ts'),
      code: "import { AccountRecord } from '../../areas/auth/index.js';",
      errors: [{ messageId: 'layerImportsArea' }],
    },
    {
      filename: at('api/src/plugins/app/repositories.ts'),
      code: "import { createRepositories } from '../../areas/index.js';",
      errors: [{ messageId: 'layerImportsArea' }],
    },
    {
      filename: at('api/src/access/teaching.ts'),
      code: "import { createJournalRepository } from '../areas/journal/index.js';",
      errors: [{ messageId: 'layerImportsArea' }],
    },
    // An area imports no plugin and not the app's or the areas' composition.
    {
      filename: at('api/src/areas/news/routes.ts'),
      code: "import { sessionUser } from '../../plugins/app/session.js';",
      errors: [{ messageId: 'areaImportsApp' }],
    },
    {
      filename: at('api/src/areas/qr/rules.ts'),
      code: "import { ScheduleOptions } from '../../options.js';",
      errors: [{ messageId: 'areaImportsApp' }],
    },
    {
      filename: at('api/src/areas/orders/service.ts'),
      code: "import { Repositories } from '../index.js';",
      errors: [{ messageId: 'areaImportsApp' }],
    },
    {
      filename: at('api/src/areas/chat/routes.ts'),
      code: "import { buildApp } from '../../app.js';",
      errors: [{ messageId: 'areaImportsApp' }],
    },
    {
      filename: at('mfe-chat/src/features/conversation/api/useConversation.ts'),
      code: "import { chainKeys } from '../../chain/api/chain';",
      errors: [{ messageId: 'featureInternals' }],
    },
    {
      filename: at('mfe-chat/src/features/contacts/components/ContactList.tsx'),
      code: "export { selectionAtom } from '../../chain/selection';",
      errors: [{ messageId: 'featureInternals' }],
    },
    {
      filename: at('mfe-chat/src/exposed/App.tsx'),
      code: "import { ChatPage } from '../features/conversation/components/ChatPage';",
      errors: [{ messageId: 'featureInternals' }],
    },
    {
      filename: at('mfe-news/src/features/news/components/NewsFeed.test.tsx'),
      code: "import { stubNetwork } from '../../../../../shared/src/testing/axiosAdapter';",
      errors: [{ messageId: 'otherPackage' }],
    },
    {
      filename: at('mfe-news/src/App.tsx'),
      code: "import { Feed } from '../../mfe-chat/src/exposed/App';",
      errors: [{ messageId: 'otherPackage' }],
    },
    {
      filename: at('shell/src/app/App.tsx'),
      code: "import { http } from '@lms/shared/src/http/client';",
      errors: [{ messageId: 'privateEntry' }],
    },
    {
      filename: at('mfe-chat/src/components/Toolbar.tsx'),
      code: "import { useChain } from '../features/chain';",
      errors: [{ messageId: 'sharedImportsFeature' }],
    },
    {
      filename: at('mfe-news/src/features/news/api/news.ts'),
      code: "import { stubNetwork } from '@lms/shared/testing';",
      errors: [{ messageId: 'testKitInProduct' }],
    },
  ],
});
