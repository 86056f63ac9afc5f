import { screen, within } from '@testing-library/react';
import { http, WEBINARS_API } from '@lms/shared';
import {
  ok,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import { WebinarRoom } from './WebinarRoom';
import { WEBINAR } from '../testing';

let api: StubbedApi;
signInForEachTest(testTeacher);
beforeEach(() => {
  api = stubApi(http, {
    [WEBINARS_API.join.path]: ok({
      webinar: WEBINAR,
      engine: 'embedded',
      url: null,
      me: 7,
      host: true,
    }),
    [WEBINARS_API.attendance.path]: ok({
      webinar: WEBINAR,
      students: [
        {
          id: 12,
          name: 'Асанова Айгерим Бакытовна',
          joined: Date.parse('2026-11-16T03:52:00Z'),
          last: Date.parse('2026-11-16T03:55:00Z'),
        },
        { id: 13, name: 'Бакиров Нурлан', joined: null, last: null },
      ],
    }),
  });
});
afterEach(() => api.restore());

describe('the teacher in the room', () => {
  it('sees who of the group joined and when, in the university’s time', async () => {
    renderInPortal(<WebinarRoom id={41} />, '/lms/webinars/41');
    const panel = await screen.findByRole('region', { name: 'Кто вошёл' });
    expect(await within(panel).findByText('Вошли: 1 из 2')).toBeInTheDocument();
    expect(
      within(panel).getByText(/Асанова Айгерим Бакытовна: вошёл\(ла\) в 09:52/),
    ).toBeInTheDocument();
    expect(within(panel).getByText(/Бакиров Нурлан: не входил\(а\)/)).toBeInTheDocument();
    expect(api.bodiesOf(WEBINARS_API.attendance)).toContainEqual({ id: 41 });
    expect(screen.getByText('Вы: Асанов Бакыт Маратович')).toBeInTheDocument();
  });
});
