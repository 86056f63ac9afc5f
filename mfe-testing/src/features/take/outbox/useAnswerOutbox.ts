import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  notifyFailure,
  useOutboxItems,
  type AttemptView,
  type TestingAnswerResponse,
  type TestingAnswerValue,
} from '@lms/shared';
import { saveAnswers, takeKeys } from '../api/take';
import { recordAnswer } from './chain';
import { createListSender } from './listSender';
import { answerKey, answersOutbox, contactNow, noteContact, type QueuedAnswer } from './answers';

/** 'queued': given, waiting in the outbox for the network ("not sent yet"). */
export type SaveState = 'saving' | 'saved' | 'queued' | 'error';

export interface LocalAnswer {
  value: TestingAnswerValue;
  version: number;
  state: SaveState;
}

/**
 * The attempt as the server now holds it, with an answer it stored: the copy a page reopened
 * offline shows (the server's clock of the answer is the newest contact, received now).
 */
export function withSaved(view: AttemptView, saved: TestingAnswerResponse): AttemptView {
  const known = view.answers.find((answer) => answer.questionId === saved.questionId);
  if (known && known.version > saved.version) return view;
  const answer = { questionId: saved.questionId, version: saved.version, response: saved.response };
  return {
    ...view,
    serverNow: Math.max(view.serverNow, saved.serverNow),
    answers: [...view.answers.filter((other) => other !== known), answer],
  };
}

/**
 * The answers given on this device to an attempt: each goes to the outbox and out at once when
 * the network is there, or waits "not sent yet" and goes when it comes back (the `online` event,
 * or the next answer), all that waits in one request. `local` is what the device shows, by question; `waiting` what is queued.
 */
export function useAnswerOutbox(uid: number, attemptId: number) {
  const [local, setLocal] = useState<Record<number, LocalAnswer>>({});
  const queryClient = useQueryClient();
  const all = useOutboxItems(answersOutbox);
  const waiting = useMemo(
    () => all.filter((item) => item.uid === uid && item.attemptId === attemptId),
    [all, uid, attemptId],
  );

  /** Marks an answer's state (one waiting from an earlier page is shown from the outbox). */
  const mark = useCallback(
    (item: QueuedAnswer, version: number, state: SaveState) => {
      if (item.attemptId !== attemptId) return;
      setLocal((mine) => {
        const known = mine[item.questionId];
        if (known && known.version > version) return mine;
        const value = known?.value ?? item.response;
        return { ...mine, [item.questionId]: { value, version: known?.version ?? version, state } };
      });
    },
    [attemptId],
  );

  const flush = useCallback(async () => {
    const queuedNow = () =>
      answersOutbox.items().filter((item) => item.uid === uid && item.attemptId === attemptId);
    if (navigator.onLine) {
      await answersOutbox.flush(uid, {
        // What waits for the attempt goes in one request (./listSender.ts).
        send: createListSender(answersOutbox.items, saveAnswers),
        onSent: (item, saved) => {
          noteContact(item.attemptId, saved.serverNow);
          mark(item, saved.version, 'saved');
          queryClient.setQueryData<AttemptView>(
            takeKeys.attempt(uid, item.attemptId),
            (view) => view && withSaved(view, saved),
          );
        },
        onRefused: (item, error) => {
          mark(item, item.version, 'error');
          notifyFailure(error);
        },
      });
    }
    for (const item of queuedNow()) mark(item, item.version, 'queued');
  }, [uid, attemptId, mark, queryClient]);

  useEffect(() => {
    // Answers left waiting by an earlier page go now, and whenever the network returns.
    void flush();
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [flush]);

  /** Keeps an answer (version `version`) and sends it if it can. */
  const give = useCallback(
    async (questionId: number, value: TestingAnswerValue, version: number) => {
      setLocal((mine) => ({ ...mine, [questionId]: { value, version, state: 'saving' } }));
      await recordAnswer(uid, attemptId, { questionId, version, response: value }, (chain) => {
        const at = chain?.recordedAt ?? Date.now();
        return answersOutbox.put({
          key: answerKey(uid, attemptId, questionId, chain, at),
          uid,
          createdAt: at,
          attemptId,
          questionId,
          version,
          response: value,
          ...contactNow(attemptId),
          ...(chain ? { chain } : {}),
        });
      });
      await flush();
    },
    [uid, attemptId, flush],
  );

  /** Shows a change at once (before `give`, while the student is still typing). */
  const show = useCallback((questionId: number, value: TestingAnswerValue, version: number) => {
    setLocal((mine) => ({ ...mine, [questionId]: { value, version, state: 'saving' } }));
  }, []);

  return { local, waiting, give, show, flush };
}
