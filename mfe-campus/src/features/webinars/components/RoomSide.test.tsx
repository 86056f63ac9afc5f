import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { http, WEBINARS_API, type WebinarChatMessage, type WebinarHand } from '@lms/shared';
import {
  ok,
  refused,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testStudent,
  type StubbedApi,
} from '@lms/shared/testing';
import { RoomSide } from './RoomSide';

const ME = 51;
const AT = Date.parse('2026-11-16T03:52:00Z'); // 09:52 in Bishkek
const HANDS: WebinarHand[] = [
  { id: 52, name: 'Бакиров Нурлан', at: AT },
  { id: ME, name: 'Жумабаева Айгерим', at: AT + 60_000 },
];
const CHAT: WebinarChatMessage[] = [
  { id: 1, from: 3, name: 'Асанов Бакыт Маратович', text: 'Начинаем', at: AT },
];

/** The room as the stream feeds it: the hands change while the panel is shown. */
let setHands: (hands: WebinarHand[]) => void = () => undefined;
function Room() {
  const [hands, set] = useState<WebinarHand[]>([]);
  setHands = set;
  return <RoomSide id={41} host={false} myId={ME} hands={hands} chat={[]} />;
}

let api: StubbedApi;
signInForEachTest(testStudent);
beforeEach(() => {
  api = stubApi(http, {
    [WEBINARS_API.hand.path]: ok({ hands: [] }),
    [WEBINARS_API.chat.path]: ok({ ...CHAT[0]!, id: 2, from: ME, text: 'Вопрос' }),
  });
});
afterEach(() => api.restore());

describe('the hands and the chat beside the call', () => {
  it('shows the hands in the order raised, and a student raises and lowers their own', async () => {
    const user = userEvent.setup();
    renderInPortal(<Room />, '/lms/webinars/41');
    const hands = screen.getByRole('region', { name: 'Поднятые руки' });
    expect(within(hands).getByText('Никто не поднял руку')).toBeInTheDocument();
    const raise = within(hands).getByRole('button', { name: 'Поднять руку' });
    expect(raise).toHaveAttribute('aria-pressed', 'false');
    await user.click(raise);
    await waitFor(() =>
      expect(api.bodiesOf(WEBINARS_API.hand)).toEqual([{ id: 41, raised: true }]),
    );
    act(() => setHands(HANDS));
    const list = within(hands).getByRole('list', { name: 'Поднятые руки' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Бакиров Нурлан · 09:52', 'Вы · 09:53']);
    expect(within(hands).getByText(/Бакиров Нурлан поднял\(а\) руку/)).toBeInTheDocument();
    const lower = within(hands).getByRole('button', { name: 'Опустить руку' });
    expect(lower).toHaveAttribute('aria-pressed', 'true');
    await user.click(lower);
    await waitFor(() =>
      expect(api.bodiesOf(WEBINARS_API.hand)).toContainEqual({ id: 41, raised: false }),
    );
  });

  it('the teacher has no hand to raise but sees them', () => {
    renderInPortal(<RoomSide id={41} host myId={3} hands={HANDS} chat={[]} />, '/lms/webinars/41');
    const hands = screen.getByRole('region', { name: 'Поднятые руки' });
    expect(within(hands).queryByRole('button')).not.toBeInTheDocument();
    expect(within(hands).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows the chat and sends a message; a refusal is shown', async () => {
    const user = userEvent.setup();
    renderInPortal(
      <RoomSide id={41} host={false} myId={ME} hands={[]} chat={CHAT} />,
      '/lms/webinars/41',
    );
    const chat = screen.getByRole('region', { name: 'Чат' });
    expect(within(chat).getByRole('log')).toHaveTextContent('Асанов Бакыт Маратович 09:52Начинаем');
    const input = within(chat).getByLabelText('Сообщение в комнату');
    const send = within(chat).getByRole('button', { name: 'Отправить' });
    expect(send).toBeDisabled();
    await user.type(input, 'Вопрос');
    await user.click(send);
    await waitFor(() => expect(input).toHaveValue(''));
    expect(api.bodiesOf(WEBINARS_API.chat)).toEqual([{ id: 41, text: 'Вопрос' }]);

    api.routes[WEBINARS_API.chat.path] = refused(409, 'Сначала войдите в вебинар');
    await user.type(input, 'Ещё');
    await user.click(send);
    expect(await within(chat).findByText('Сначала войдите в вебинар')).toBeInTheDocument();
    expect(input).toHaveValue('Ещё');
  });
});
