import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, ROOMS_API, type Booking, type FreeRoomsResponse } from '@lms/shared';
import {
  ok,
  refused,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import { FindRoomScreen } from './FindRoomScreen';

const FREE: FreeRoomsResponse = {
  date: '2026-11-18',
  id_time: 3,
  start: '11:00',
  end: '12:20',
  rooms: [
    { id: 5, name: '1-105', building: 'Главный корпус', capacity: 30, equipment: ['projector'] },
    { id: 9, name: '2-104', building: 'Лабораторный корпус', capacity: 30, equipment: [] },
  ],
};
const BOOKING: Booking = {
  id: 41,
  room: 5,
  roomName: '1-105',
  building: 'Главный корпус',
  date: '2026-11-18',
  id_time: 3,
  start: '11:00',
  end: '12:20',
  kind: 'consultation',
  id_group: 2,
  group: 'ПИ-1-25',
  id_discipline: 7,
  discipline: 'Программирование',
  id_teacher: 3,
  teacher: 'Асанов Бакыт Маратович',
  note: '',
  cancelled: false,
};

let api: StubbedApi;
signInForEachTest(testTeacher);

beforeEach(() => {
  api = stubApi(http, {
    [ROOMS_API.free.path]: ok(FREE),
    [ROOMS_API.teaching.path]: ok([
      {
        id_group: 2,
        group: 'ПИ-1-25',
        id_discipline: 7,
        discipline: 'Программирование',
        students: 20,
      },
    ]),
    [ROOMS_API.bookings.path]: ok([]),
    [ROOMS_API.book.path]: ok(BOOKING),
  });
});
afterEach(() => api.restore());

describe('FindRoomScreen', () => {
  it('searches with seats and equipment and lists the free rooms', async () => {
    renderInPortal(<FindRoomScreen />, '/lms/rooms');
    expect(await screen.findByRole('link', { name: '1-105' })).toHaveAttribute(
      'href',
      '/lms/rooms/5',
    );
    await userEvent.type(screen.getByLabelText('Мест не меньше'), '25');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Проектор' }));
    await userEvent.selectOptions(screen.getByLabelText('Пара'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Найти' }));
    await waitFor(() =>
      expect(api.bodiesOf(ROOMS_API.free).at(-1)).toEqual({
        id_time: 3,
        seats: 25,
        equipment: ['projector'],
      }),
    );
    expect(screen.getByRole('heading', { name: 'Свободны 18.11.2026, 11:00–12:20' })).toBeVisible();
  });

  it('a teacher books a room for a group: the group is required, the booking is sent', async () => {
    renderInPortal(<FindRoomScreen />, '/lms/rooms');
    await userEvent.click(await screen.findByRole('button', { name: 'Забронировать 1-105' }));
    const form = screen.getByRole('form', { name: 'Бронирование аудитории 1-105' });
    await userEvent.click(within(form).getByRole('button', { name: 'Подтвердить бронирование' }));
    expect(within(form).getByText('Выберите группу')).toBeVisible();
    expect(api.bodiesOf(ROOMS_API.book)).toEqual([]);
    await within(form).findByRole('option', { name: 'ПИ-1-25 — Программирование' });
    await userEvent.selectOptions(within(form).getByLabelText('Группа и дисциплина'), '0');
    await userEvent.selectOptions(within(form).getByLabelText('Для чего'), 'consultation');
    await userEvent.click(within(form).getByRole('button', { name: 'Подтвердить бронирование' }));
    await waitFor(() =>
      expect(api.bodiesOf(ROOMS_API.book)).toEqual([
        {
          room: 5,
          date: '2026-11-18',
          id_time: 3,
          id_group: 2,
          id_discipline: 7,
          kind: 'consultation',
          note: '',
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('form', { name: /Бронирование/ })).toBeNull());
  });

  it('shows the server refusal of a booking', async () => {
    api.routes[ROOMS_API.book.path] = refused(409, 'Аудитория в это время уже занята');
    renderInPortal(<FindRoomScreen />, '/lms/rooms');
    await userEvent.click(await screen.findByRole('button', { name: 'Забронировать 1-105' }));
    const form = screen.getByRole('form', { name: 'Бронирование аудитории 1-105' });
    await within(form).findByRole('option', { name: 'ПИ-1-25 — Программирование' });
    await userEvent.selectOptions(within(form).getByLabelText('Группа и дисциплина'), '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Подтвердить бронирование' }));
    expect(await within(form).findByText('Аудитория в это время уже занята')).toBeVisible();
  });

  it('says when no room is free', async () => {
    api.routes[ROOMS_API.free.path] = ok({ ...FREE, rooms: [] });
    renderInPortal(<FindRoomScreen />, '/lms/rooms');
    expect(
      await screen.findByText('Свободных аудиторий с такими условиями нет'),
    ).toBeInTheDocument();
  });
});
