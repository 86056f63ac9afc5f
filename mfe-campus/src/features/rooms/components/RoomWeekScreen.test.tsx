import { screen, within } from '@testing-library/react';
import { http, ROOMS_API, type RoomWeekResponse } from '@lms/shared';
import {
  ok,
  refused,
  renderInPortal,
  signInForEachTest,
  stubApi,
  type StubbedApi,
} from '@lms/shared/testing';
import { RoomWeekScreen } from './RoomWeekScreen';

const WEEK: RoomWeekResponse = {
  room: {
    id: 5,
    name: '1-105',
    building: 'Главный корпус',
    capacity: 30,
    equipment: ['projector'],
  },
  from: '2026-11-16',
  to: '2026-11-21',
  parity: 'odd',
  entries: [
    {
      date: '2026-11-16',
      day_number: 1,
      id_time: 2,
      start: '09:30',
      end: '10:50',
      kind: 'lesson',
      booking: null,
      discipline: 'Программирование',
      group: 'ПИ-1-25',
      teacher: 'Асанов Бакыт Маратович',
    },
    {
      date: '2026-11-18',
      day_number: 3,
      id_time: 3,
      start: '11:00',
      end: '12:20',
      kind: 'exam',
      booking: 41,
      discipline: 'Базы данных',
      group: 'ПИ-1-25',
      teacher: 'Асанов Бакыт Маратович',
    },
  ],
};

let api: StubbedApi;
signInForEachTest();
beforeEach(() => {
  api = stubApi(http, { [ROOMS_API.week.path]: ok(WEEK) });
});
afterEach(() => api.restore());

describe('RoomWeekScreen', () => {
  it("shows the room's week by day, its parity, lessons and bookings", async () => {
    renderInPortal(<RoomWeekScreen roomId={5} />, '/lms/rooms/5');
    const wednesday = await screen.findByRole('region', { name: '18.11.2026' });
    expect(wednesday).toHaveTextContent('11:00–12:20 Экзамен: Базы данных · ПИ-1-25');
    expect(
      within(screen.getByRole('region', { name: '16.11.2026' })).getByText(/Программирование/),
    ).toBeVisible();
    expect(screen.getByText(/нечётная неделя/)).toBeVisible();
    expect(api.bodiesOf(ROOMS_API.week)).toEqual([{ id: 5 }]);
  });

  it("links the room's printable sheet of the week shown", async () => {
    renderInPortal(<RoomWeekScreen roomId={5} />, '/lms/rooms/5');
    const link = await screen.findByRole('link', {
      name: 'Лист для печати аудитории 1-105 на эту неделю (PDF)',
    });
    expect(link).toHaveAttribute('href', expect.stringContaining(ROOMS_API.sheet.path));
    expect(link.getAttribute('href')).toMatch(/[?&]id=5(&|$)/);
    expect(link.getAttribute('href')).toMatch(/[?&]date=2026-11-16(&|$)/);
  });

  it('says when the room is refused or missing', async () => {
    api.routes[ROOMS_API.week.path] = refused(403, 'Доступ запрещён');
    renderInPortal(<RoomWeekScreen roomId={99} />, '/lms/rooms/99');
    expect(await screen.findByText('Доступ запрещён')).toBeVisible();
  });
});
