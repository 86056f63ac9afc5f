import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  errorMessage,
  FormError,
  WEBINAR_CHAT_MAX_LENGTH,
  type WebinarChatMessage,
  type WebinarHand,
  formatTime,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useRaiseHand, useSay } from '../api/webinars';
import styles from './Webinars.module.css';

/**
 * Beside the call: the raised hands (in the order raised; a student raises and lowers their own,
 * announced to screen readers) and the room's chat. What they show comes from the room's stream.
 */
export function RoomSide({
  id,
  host,
  myId,
  hands,
  chat,
}: {
  id: number;
  host: boolean;
  myId: number;
  hands: WebinarHand[];
  chat: WebinarChatMessage[];
}) {
  const { t } = useTranslation(NAMESPACE);
  const raise = useRaiseHand(id);
  const say = useSay(id);
  const [text, setText] = useState('');
  const [announced, setAnnounced] = useState('');
  const seen = useRef<Set<number> | null>(null);
  const mine = hands.some((hand) => hand.id === myId);

  // Tell screen readers of a newly raised hand (not of those up when one entered).
  useEffect(() => {
    const up = new Set(hands.map((hand) => hand.id));
    if (seen.current) {
      const raised = hands.filter((hand) => !seen.current!.has(hand.id));
      if (raised.length > 0) {
        setAnnounced(raised.map((hand) => t('webinars.handRaised', { name: hand.name })).join(' '));
      }
    }
    seen.current = up;
  }, [hands, t]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    say.mutate(text, { onSuccess: () => setText('') });
  };

  return (
    <div className={styles.side}>
      <section aria-labelledby="webinar-hands">
        <h3 id="webinar-hands">{t('webinars.hands')}</h3>
        {!host && (
          <Button
            aria-pressed={mine}
            disabled={raise.isPending}
            onClick={() => raise.mutate(!mine)}
          >
            {mine ? t('webinars.lowerHand') : t('webinars.raiseHand')}
          </Button>
        )}
        {raise.isError && <FormError>{errorMessage(raise.error)}</FormError>}
        {hands.length === 0 ? (
          <p>{t('webinars.noHands')}</p>
        ) : (
          <ol aria-label={t('webinars.hands')}>
            {hands.map((hand) => (
              <li key={hand.id}>
                {hand.id === myId ? t('webinars.youShort') : hand.name} · {formatTime(hand.at)}
              </li>
            ))}
          </ol>
        )}
        <p className="lms-ui-visually-hidden" aria-live="polite">
          {announced}
        </p>
      </section>
      <section aria-labelledby="webinar-chat">
        <h3 id="webinar-chat">{t('webinars.chat')}</h3>
        <div className={styles.chat} role="log" aria-labelledby="webinar-chat" tabIndex={0}>
          <ol className={styles.messages}>
            {chat.length === 0 && <li>{t('webinars.noMessages')}</li>}
            {chat.map((message) => (
              <li key={message.id}>
                <strong>{message.from === myId ? t('webinars.youShort') : message.name}</strong>{' '}
                <span className={styles.when}>{formatTime(message.at)}</span>
                <div className={styles.text}>{message.text}</div>
              </li>
            ))}
          </ol>
        </div>
        <form className={styles.say} onSubmit={send} aria-label={t('webinars.chat')}>
          <label htmlFor="webinar-say" className="lms-ui-visually-hidden">
            {t('webinars.message')}
          </label>
          <input
            id="webinar-say"
            className="lms-ui-input"
            value={text}
            maxLength={WEBINAR_CHAT_MAX_LENGTH}
            placeholder={t('webinars.message')}
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" disabled={say.isPending || text.trim() === ''}>
            {t('webinars.send')}
          </Button>
        </form>
        {say.isError && <FormError>{errorMessage(say.error)}</FormError>}
      </section>
    </div>
  );
}
