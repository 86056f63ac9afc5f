import { historyRoute } from './historyPaths';

describe('historyRoute', () => {
  it("reads a student's own history, the registrar's view of one, and nothing else", () => {
    expect(historyRoute('/lms/journal/history')).toEqual({ registrar: false, idStudent: null });
    expect(historyRoute('/lms/journal/history/')).toEqual({ registrar: false, idStudent: null });
    expect(historyRoute('/lms/markhistory/77')).toEqual({ registrar: true, idStudent: 77 });
    expect(historyRoute('/lms/markhistory')).toEqual({ registrar: true, idStudent: null });
    // The journal's old address of the registrar's view is a student's own history now.
    expect(historyRoute('/lms/journal/history/77')).toEqual({ registrar: false, idStudent: null });
    expect(historyRoute('/lms/journal')).toBeUndefined();
    expect(historyRoute('/lms/markhistory/0')).toBeUndefined();
    expect(historyRoute('/lms/markhistory/x')).toBeUndefined();
  });
});
