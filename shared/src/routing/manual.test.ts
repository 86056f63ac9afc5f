import { manualPath, manualSectionOf } from './manual.js';

describe('manualSectionOf', () => {
  it.each([
    ['/lms/journal', 'journal'],
    ['/lms/schedule/', 'schedule'],
    ['/lms/schedule/qr/12', 'qr'],
    ['/lms/schedule/scan', 'qr'],
    ['/lms/rooms/7', 'rooms'],
    ['/lms/paymentcode', 'paymentcode'],
    ['/lms/workload', 'workload'],
    ['/lms/documents', 'documents'],
    ['/lms/webinars', 'webinars'],
    ['/lms/webinars/3', 'webinars'],
    ['/lms/change-password', 'profile'],
  ])('%s is the section %s', (path, section) => {
    expect(manualSectionOf(path)).toBe(section);
  });

  it.each([
    '/lms',
    '/lms/apps',
    '/lms/schedule/qr/12/projector',
    '/lms/manual',
    '/lms/manual/journal',
    '/lms/sports',
    '/other',
  ])('%s has no section', (path) => {
    expect(manualSectionOf(path)).toBeNull();
  });

  it('builds the manual’s addresses', () => {
    expect(manualPath('journal')).toBe('/lms/manual/journal');
    expect(manualPath()).toBe('/lms/manual');
  });
});
