import path from 'node:path';
import { MANUAL_SECTIONS, manualSectionOf, type ManualSection } from '@lms/shared';
import { manual as en } from './content/en';
import { manual as kg } from './content/kg';
import { manual as ru } from './content/ru';
import { READERS, type Manual, type Reader } from './content/types';
import { screenPath } from './screens';
import { readersOf, tocFor } from './toc';

/**
 * What the portal serves, read from the sources it is served from rather than copied here, so
 * that a new area without a manual section fails this test: the registry's modules
 * (api/src/areas/portal/default-modules.ts: each module's routes and the roles it is for) and
 * the shell's own tiles (shell/src/config/areas.ts). Other packages are read by path on purpose
 * (the layout rules keep product code from it; this test checks across them).
 */
const REPO = path.resolve(__dirname, '../../../..');
interface ServedModule {
  key: string;
  routes: readonly string[];
  roles: readonly Reader[];
}
const { DEFAULT_MODULES } = jest.requireActual<{
  DEFAULT_MODULES: Record<string, readonly ServedModule[]>;
}>(path.join(REPO, 'api/src/areas/portal/default-modules.ts'));
const { SHELL_TILES } = jest.requireActual<{
  SHELL_TILES: readonly (
    { kind: 'shell'; key: string; path: string } | { kind: 'planned'; key: string }
  )[];
}>(path.join(REPO, 'shell/src/config/areas.ts'));

/** A screen of the portal: its address and who may open it. */
interface Screen {
  name: string;
  path: string;
  roles: readonly Reader[];
}
const SCREENS: Screen[] = [
  ...Object.values(DEFAULT_MODULES)
    .flat()
    .filter((module) => module.key !== 'manual')
    .flatMap((module) =>
      module.routes.map((route) => ({
        name: module.key,
        path: `/lms/${route}`,
        roles: module.roles,
      })),
    ),
  // The shell's own screens are everyone's.
  ...SHELL_TILES.flatMap((tile) =>
    tile.kind === 'shell' ? [{ name: tile.key, path: tile.path, roles: READERS }] : [],
  ),
];

/** The screen an address belongs to: the one whose path it is, or is under. */
const screenAt = (address: string): Screen | undefined =>
  SCREENS.find((screen) => address === screen.path || address.startsWith(`${screen.path}/`));

/** The sections a role must find in the manual: every section of a screen the role may open. */
const sectionsOf = (reader: Reader): ManualSection[] =>
  MANUAL_SECTIONS.filter((section) =>
    screenAt(screenPath(section, reader))?.roles.includes(reader),
  );

describe('what the manual must cover, from the registry and the shell', () => {
  it('reads the portal’s screens (the newest areas among them)', () => {
    expect(SCREENS.map((screen) => screen.name)).toEqual(
      expect.arrayContaining(['journal', 'workload', 'documents', 'webinars', 'personalCard']),
    );
  });

  it('has a section, and so a help link, for every screen of the registry and the shell', () => {
    const without = SCREENS.filter((screen) => manualSectionOf(screen.path) === null);
    expect(without.map((screen) => screen.path)).toEqual([]);
  });

  it('has no section for a screen the portal does not serve', () => {
    const unserved = MANUAL_SECTIONS.filter((section) =>
      READERS.every((reader) => screenAt(screenPath(section, reader)) === undefined),
    );
    expect(unserved).toEqual([]);
  });

  it.each(READERS)('helps the %s on every screen they use, in kg, ru and en', (reader) => {
    const used = SCREENS.filter((screen) => screen.roles.includes(reader));
    for (const manual of [en, ru, kg]) {
      const missing = used.filter((screen) => {
        const section = manualSectionOf(screen.path);
        return section === null || manual[section].roles[reader] === undefined;
      });
      expect(missing.map((screen) => screen.path)).toEqual([]);
    }
  });
});

describe('tocFor', () => {
  it.each(READERS)(
    'lists the screens the %s uses, in the portal’s order, and no other',
    (reader) => {
      const wanted = sectionsOf(reader);
      expect(wanted.length).toBeGreaterThan(3);
      for (const manual of [en, ru, kg]) {
        expect(tocFor(manual, reader).map((entry) => entry.section)).toEqual(wanted);
      }
    },
  );

  it('gives the registrar the office’s screens, not the student’s', () => {
    const sections = tocFor(en, 'registrar').map((entry) => entry.section);
    expect(sections).toEqual(expect.arrayContaining(['statement', 'documents', 'workload']));
    expect(sections).not.toContain('paymentcode');
    expect(tocFor(en, 'student').map((entry) => entry.section)).not.toContain('workload');
  });

  it('names each entry by its page, in the manual’s language', () => {
    expect(tocFor(ru, 'teacher')[2]).toMatchObject({ section: 'journal', title: 'Журнал занятий' });
    expect(tocFor(kg, 'teacher')[2]).toMatchObject({
      section: 'journal',
      title: 'Сабактардын журналы',
    });
  });
});

describe('readersOf', () => {
  it('puts the reader’s own role first, and leaves out roles without help', () => {
    expect(readersOf(en, 'statement', 'teacher')).toEqual(['teacher', 'student', 'registrar']);
    expect(readersOf(en, 'paymentcode', 'teacher')).toEqual(['student']);
  });
});

/** The shape of a language's manual: per section and role, how many tasks, steps and refusals. */
const shape = (manual: Manual) =>
  MANUAL_SECTIONS.map((section) => ({
    section: manual[section].section,
    roles: READERS.map((reader) => {
      const help = manual[section].roles[reader];
      return help
        ? {
            reader,
            tasks: help.tasks.map((task) => task.steps.length),
            refusals: help.refusals?.length ?? 0,
          }
        : null;
    }),
  }));

describe('the manual’s languages', () => {
  it('have every section, role, task, step and refusal alike (so a link lands alike)', () => {
    expect(shape(ru)).toEqual(shape(en));
    expect(shape(kg)).toEqual(shape(en));
  });

  it('have no empty text', () => {
    for (const manual of [en, ru, kg]) {
      for (const section of MANUAL_SECTIONS) {
        const page = manual[section];
        expect(page.title.trim()).not.toBe('');
        expect(page.purpose.trim()).not.toBe('');
        for (const help of Object.values(page.roles)) {
          for (const text of [
            ...help.tasks.flatMap((task) => [task.title, ...task.steps]),
            ...(help.refusals ?? []).flatMap((refusal) => [refusal.says, refusal.means]),
          ]) {
            expect(text.trim()).not.toBe('');
          }
        }
      }
    }
  });
});
