import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, ROOMS_API, type Room } from '@lms/shared';
import {
  ok,
  refused,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import { RoomEditor } from './RoomEditor';

const ROOM: Room = {
  id: 5,
  name: '1-105',
  building: 'Главный корпус',
  capacity: 30,
  equipment: ['projector'],
};

let api: StubbedApi;
signInForEachTest({ ...testTeacher, registrarPerms: true });
beforeEach(() => {
  api = stubApi(http, {
    [ROOMS_API.list.path]: ok([ROOM]),
    [ROOMS_API.save.path]: ok({ ...ROOM, capacity: 40 }),
  });
});
afterEach(() => api.restore());

describe('RoomEditor', () => {
  it('the registrar edits a room: the form is filled from it and the change is sent', async () => {
    renderInPortal(<RoomEditor />, '/lms/rooms');
    await userEvent.click(await screen.findByRole('button', { name: 'Изменить 1-105' }));
    const form = screen.getByRole('form', { name: 'Изменение аудитории' });
    expect(within(form).getByLabelText(/Номер аудитории/)).toHaveValue('1-105');
    const seats = within(form).getByLabelText(/^Мест/);
    await userEvent.clear(seats);
    await userEvent.type(seats, '40');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Звук' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Сохранить аудиторию' }));
    await waitFor(() =>
      expect(api.bodiesOf(ROOMS_API.save)).toEqual([
        {
          id: 5,
          name: '1-105',
          building: 'Главный корпус',
          capacity: 40,
          equipment: ['projector', 'audio'],
        },
      ]),
    );
    expect(await screen.findByRole('form', { name: 'Новая аудитория' })).toBeInTheDocument();
  });

  it('shows the refusal of a taken number', async () => {
    api.routes[ROOMS_API.save.path] = refused(
      409,
      'В этом корпусе уже есть аудитория с таким номером',
    );
    renderInPortal(<RoomEditor />, '/lms/rooms');
    const form = screen.getByRole('form', { name: 'Новая аудитория' });
    await userEvent.type(within(form).getByLabelText(/Номер аудитории/), '1-105');
    await userEvent.type(within(form).getByLabelText(/Корпус/), 'Главный корпус');
    await userEvent.click(within(form).getByRole('button', { name: 'Сохранить аудиторию' }));
    expect(
      await within(form).findByText('В этом корпусе уже есть аудитория с таким номером'),
    ).toBeVisible();
  });
});
