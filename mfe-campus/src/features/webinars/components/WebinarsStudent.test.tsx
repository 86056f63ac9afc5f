import { screen, within } from '@testing-library/react';
import { formatTime, http, WEBINARS_API } from '@lms/shared';
import {
  ok,
  refused,
  renderInPortal,
  signInForEachTest,
  stubApi,
  type StubbedApi,
} from '@lms/shared/testing';
import { WEBINAR } from '../testing';
import { suggestedStart } from './time';
import { WebinarRoom } from './WebinarRoom';
import { WebinarsScreen } from './WebinarsScreen';

let api: StubbedApi;
signInForEachTest();
beforeEach(() => {
  api = stubApi(http, {
    [WEBINARS_API.list.path]: ok({
      engine: 'embedded',
      now: '2026-11-16T09:41',
      webinars: [WEBINAR, { ...WEBINAR, id: 42, state: 'cancelled', cancelled: true }],
    }),
  });
});
afterEach(() => api.restore());

describe('webinars for a student', () => {
  it("lists the group's webinars: joins an open one; no form, no cancelling", async () => {
    renderInPortal(<WebinarsScreen />, '/lms/webinars');
    const list = await screen.findByRole('region', { name: 'Вебинары моей группы' });
    expect(within(list).getByRole('link', { name: /^Войти/ })).toHaveAttribute(
      'href',
      '/lms/webinars/41',
    );
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    expect(within(list).getByText('Отменён')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Отменить/ })).not.toBeInTheDocument();
  });

  it('hears the refusal when the webinar is not for their group', async () => {
    api.routes[WEBINARS_API.join.path] = refused(403, 'Этот вебинар не для вашей группы');
    renderInPortal(<WebinarRoom id={41} />, '/lms/webinars/41');
    expect(await screen.findByText('Этот вебинар не для вашей группы')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'К вебинарам' })).toBeInTheDocument();
  });

  it('enters the embedded room without a camera: told so; no attendance list for a student', async () => {
    api.routes[WEBINARS_API.join.path] = ok({
      webinar: WEBINAR,
      engine: 'embedded',
      url: null,
      me: 40,
      host: false,
    });
    renderInPortal(<WebinarRoom id={41} />, '/lms/webinars/41');
    expect(await screen.findByRole('region', { name: 'Комната' })).toBeInTheDocument();
    expect(await screen.findByText(/Нет камеры или микрофона/)).toBeInTheDocument();
    expect(api.bodiesOf(WEBINARS_API.join)).toEqual([{ id: 41 }]);
    expect(screen.queryByRole('region', { name: 'Кто вошёл' })).not.toBeInTheDocument();
  });

  it('on BigBlueButton, the link to the meeting', async () => {
    api.routes[WEBINARS_API.join.path] = ok({
      webinar: WEBINAR,
      engine: 'bbb',
      url: 'https://bbb.example.kg/bigbluebutton/api/join?x=1&checksum=abc',
      me: 40,
      host: false,
    });
    renderInPortal(<WebinarRoom id={41} />, '/lms/webinars/41');
    expect(
      await screen.findByRole('link', { name: 'Открыть вебинар в BigBlueButton' }),
    ).toHaveAttribute('href', 'https://bbb.example.kg/bigbluebutton/api/join?x=1&checksum=abc');
  });
});

describe('the university’s clock', () => {
  it('suggests a start soon after the server’s now; shows times in Bishkek', () => {
    expect(suggestedStart('2026-11-16T09:41')).toBe('2026-11-16T09:50');
    expect(suggestedStart('2026-11-16T23:58')).toBe('2026-11-17T00:05');
    expect(suggestedStart('nonsense')).toBe('');
    expect(formatTime(Date.parse('2026-11-16T03:52:00Z'))).toBe('09:52');
  });
});
