import { registered, regList } from '../../testing/fakeRegistration';
import { creditSummary } from './credits';

const elective = { ...registered, id_disciplineForStudent: 901, kredits: 4, isByPlan: 0 };

describe('creditSummary', () => {
  it('counts the group’s disciplines the server reports, not only the registrations', () => {
    // Six disciplines of the group (27 credits), nothing registered.
    expect(creditSummary({ items: [], kredits: 27, kreditLimit: 35 })).toEqual({
      taken: 27,
      limit: 35,
      group: 27,
      electives: { count: 0, credits: 0 },
      required: { count: 0, credits: 0 },
    });
  });

  it('splits the total into the group’s disciplines, the electives and the required ones registered', () => {
    const data = regList([registered, elective]);
    expect(creditSummary(data)).toEqual({
      taken: 34,
      limit: 35,
      group: 27,
      electives: { count: 1, credits: 4 },
      required: { count: 1, credits: 3 },
    });
  });

  it('never shows a negative share (a server counting registrations only)', () => {
    expect(creditSummary({ ...regList(), kredits: 1 })).toMatchObject({ group: 0 });
  });
});
