import { act, screen } from '@testing-library/react';
import { http, i18n, lmsStore, STATEMENTS_API, userAtom } from '@lms/shared';
import {
  ok,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testStudent,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import { RatingScreen } from './RatingScreen';

let api: StubbedApi;

signInForEachTest(testStudent);

beforeEach(() => {
  api = stubApi(http, {
    [STATEMENTS_API.rating.path]: ok({
      average: 3.5,
      group: { place: 2, of: 25, percentile: 92 },
      course: { place: 2, of: 80, percentile: 97 },
      faculty: null,
    }),
  });
});

afterEach(() => api.restore());

describe('RatingScreen', () => {
  it('shows the average and the places, ties sharing one, in each language', async () => {
    renderInPortal(<RatingScreen />, '/lms/rating');
    expect(await screen.findByTestId('rating-average')).toHaveTextContent('3,50');
    expect(screen.getByTestId('rating-group')).toHaveTextContent(
      '2-е место из 25 · лучше, чем 92 %',
    );
    expect(screen.getByTestId('rating-faculty')).toHaveTextContent('—');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('rating-average')).toHaveTextContent('3.50');
    expect(screen.getByText('Course (year)')).toBeInTheDocument();
  });

  it('says when there are no grades yet', async () => {
    api.routes[STATEMENTS_API.rating.path] = ok({
      average: null,
      group: null,
      course: null,
      faculty: null,
    });
    renderInPortal(<RatingScreen />, '/lms/rating');
    expect(await screen.findByText('В вашей записи ещё нет оценок.')).toBeInTheDocument();
  });

  it('is for students only', () => {
    lmsStore.set(userAtom, testTeacher);
    renderInPortal(<RatingScreen />, '/lms/rating');
    expect(screen.getByText('Рейтинг — для студентов.')).toBeInTheDocument();
    expect(api.bodiesOf(STATEMENTS_API.rating)).toHaveLength(0);
  });
});
