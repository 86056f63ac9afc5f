import { screen, within } from '@testing-library/react';
import { http, WEBINARS_API } from '@lms/shared';
import {
  ok,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testStudent,
  type StubbedApi,
} from '@lms/shared/testing';
import { WEBINAR } from '../testing';
import { Recordings } from './Recordings';

const OVER = { ...WEBINAR, state: 'over' as const };
let api: StubbedApi;
signInForEachTest(testStudent);
beforeEach(() => {
  api = stubApi(http, {
    [WEBINARS_API.recordings.path]: ok({
      engine: 'bbb',
      recordings: [
        {
          id: 'rec-1',
          start: Date.parse('2026-11-16T03:50:00Z'),
          end: Date.parse('2026-11-16T04:35:00Z'),
          participants: 4,
          playback: [
            { type: 'presentation', url: 'https://bbb.example.kg/playback/rec-1', length: 44 },
          ],
        },
      ],
    }),
  });
});
afterEach(() => api.restore());

describe('the recordings of the webinars', () => {
  it('says the embedded room records nothing, and asks for nothing', () => {
    renderInPortal(<Recordings engine="embedded" webinars={[OVER]} />, '/lms/webinars');
    const section = screen.getByRole('region', { name: 'Записи' });
    expect(section).toHaveTextContent(
      'Вебинары во встроенной комнате портала не записываются: записей нет.',
    );
    expect(api.bodiesOf(WEBINARS_API.recordings)).toEqual([]);
  });

  it('lists BigBlueButton’s recordings of the webinars that are over, with their playbacks', async () => {
    renderInPortal(
      <Recordings engine="bbb" webinars={[OVER, { ...WEBINAR, id: 42 }]} />,
      '/lms/webinars',
    );
    const section = screen.getByRole('region', { name: 'Записи' });
    const link = await within(section).findByRole('link', { name: /^presentation \(44 мин\)/ });
    expect(link).toHaveAttribute('href', 'https://bbb.example.kg/playback/rec-1');
    expect(within(section).getByText(/09:50–10:35/)).toBeInTheDocument();
    expect(api.bodiesOf(WEBINARS_API.recordings)).toEqual([{ id: 41 }]);
  });

  it('says when BigBlueButton has none yet', async () => {
    api.routes[WEBINARS_API.recordings.path] = ok({ engine: 'bbb', recordings: [] });
    renderInPortal(<Recordings engine="bbb" webinars={[OVER]} />, '/lms/webinars');
    expect(
      await screen.findByText(/Записей пока нет: BigBlueButton готовит их/),
    ).toBeInTheDocument();
  });
});
