import { historyRoute } from './historyPaths';

describe('historyRoute', () => {
  it("reads a student's own history, the registrar's view of one, and nothing else", () => {
    expect(historyRoute('/lms/journal/history')).toEqual({ idStudent: null });
    expect(historyRoute('/lms/journal/history/')).toEqual({ idStudent: null });
    expect(historyRoute('/lms/journal/history/77')).toEqual({ idStudent: 77 });
    expect(historyRoute('/lms/journal')).toBeUndefined();
    expect(historyRoute('/lms/journal/history/0')).toBeUndefined();
    expect(historyRoute('/lms/journal/history/x')).toBeUndefined();
  });
});
