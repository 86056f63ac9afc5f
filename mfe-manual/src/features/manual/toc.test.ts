import { MANUAL_SECTIONS } from '@lms/shared';
import { manual as en } from './content/en';
import { manual as kg } from './content/kg';
import { manual as ru } from './content/ru';
import { READERS, type Manual } from './content/types';
import { readersOf, tocFor } from './toc';

describe('tocFor', () => {
  it('lists a student’s screens in the portal’s order', () => {
    expect(tocFor(en, 'student').map((entry) => entry.section)).toEqual([
      'news',
      'chat',
      'journal',
      'qr',
      'schedule',
      'umk',
      'library',
      'registration',
      'paymentcode',
      'singlewindow',
      'transcript',
      'testing',
      'statement',
      'rating',
      'questionnaire',
      'rooms',
      'profile',
    ]);
  });

  it('gives the registrar only the office’s screens', () => {
    expect(tocFor(en, 'registrar').map((entry) => entry.section)).toEqual([
      'news',
      'registration',
      'singlewindow',
      'statement',
      'questionnaire',
      'rooms',
      'profile',
    ]);
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
