import { registered, regList } from '../../testing/fakeRegistration';
import { creditSummary } from './credits';

describe('creditSummary', () => {
  it('counts the group’s disciplines the server reports, not only the registrations', () => {
    // The demo student of the issue: six disciplines of the group (27 credits), nothing registered.
    expect(creditSummary({ items: [], kredits: 27, kreditLimit: 35 })).toEqual({
      taken: 27,
      limit: 35,
      group: 27,
      registered: 0,
    });
  });

  it('splits the total into the group’s disciplines and the registrations', () => {
    const data = regList([registered, { ...registered, id_disciplineForStudent: 901, kredits: 4 }]);
    expect(creditSummary(data)).toEqual({ taken: 34, limit: 35, group: 27, registered: 7 });
  });

  it('never shows a negative share (an older server counting registrations only)', () => {
    expect(creditSummary({ ...regList(), kredits: 1 })).toMatchObject({ group: 0, registered: 3 });
  });
});
