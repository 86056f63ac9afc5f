// Test kit for the remotes' jest suites (not part of the package build): a remote's exposed
// module rendered the way the shell renders it, and the checks every remote namespace must pass.
import { act, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { clearServerState } from '../data/queryClient.js';
import { PortalProviders } from '../data/PortalProviders.js';
import { i18n, initI18n } from '../i18n/i18n.js';
import { LANGUAGES } from '../i18n/languages.js';
import type { SessionUser } from '../contract/index.js';
import { userAtom } from '../session/atoms.js';
import { lmsStore } from '../store.js';
import { notificationsAtom } from '../ui/notification-store.js';

export const testTeacher: SessionUser = {
  id: 3,
  uid: 7,
  role: 1,
  fullName: 'Асанов Бакыт Маратович',
  newsPerms: true,
};

export const testStudent: SessionUser = {
  id: 12,
  uid: 40,
  role: 2,
  fullName: 'Асанова Айгерим Бакытовна',
  newsPerms: false,
};

/** Renders inside the portal's one store and a router at `path`, as inside the shell. */
export function renderInPortal(ui: ReactNode, path = '/lms') {
  return render(
    <PortalProviders>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </PortalProviders>,
  );
}

/** i18n ready in Russian and `user` signed in for every test of the file. */
export function signInForEachTest(user: SessionUser = testStudent): void {
  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(async () => {
    lmsStore.set(userAtom, user);
    await act(() => i18n.changeLanguage('ru'));
  });
  afterEach(() => {
    lmsStore.set(userAtom, null);
    // Every test starts with an empty server-state cache and no notifications, as after a sign-in.
    clearServerState();
    lmsStore.set(notificationsAtom, []);
  });
}

type Resources = Record<string, unknown>;

function leafKeys(resources: Resources, prefix = ''): string[] {
  return Object.entries(resources).flatMap(([key, value]) =>
    value !== null && typeof value === 'object'
      ? leafKeys(value as Resources, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

/**
 * A remote's namespace, as its i18n.ts registered it: present in kg, ru and en, with the same
 * keys and no empty text.
 */
export function describeNamespace(namespace: string): void {
  describe(`${namespace} namespace`, () => {
    beforeAll(() => initI18n());

    it('is registered in all three languages with the same keys and no empty text', () => {
      const bundle = (lng: string) =>
        i18n.getResourceBundle(lng, namespace) as Resources | undefined;
      for (const lng of LANGUAGES) expect(bundle(lng)).toBeDefined();
      const ruKeys = leafKeys(bundle('ru') ?? {}).sort();
      expect(ruKeys.length).toBeGreaterThan(0);
      for (const lng of LANGUAGES) {
        const resources = bundle(lng) ?? {};
        expect(leafKeys(resources).sort()).toEqual(ruKeys);
        for (const key of leafKeys(resources)) {
          const text = key
            .split('.')
            .reduce<unknown>((node, part) => (node as Resources)[part], resources);
          expect(text).not.toBe('');
        }
      }
    });
  });
}

/**
 * A remote's area that is still being built: its section with the remote's marker and the
 * build version, the "being built" notice and the signed-in user.
 */
export function expectSectionInProgress(title: string, remote: string): void {
  const section = screen.getByRole('region', { name: title });
  expect(section).toHaveAttribute('data-remote', remote);
  expect(section).toHaveAttribute('data-remote-version', 'test');
  expect(within(section).getByText('Раздел в разработке')).toBeInTheDocument();
  expect(within(section).getByText(/^Вы вошли как /)).toBeInTheDocument();
}
