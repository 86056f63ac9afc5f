import { useQuery } from '@tanstack/react-query';
import { postEndpoint, TESTING_API, useSession } from '@lms/shared';

/** The tests open to the signed-in student. */
export const getOpenTests = postEndpoint(TESTING_API.open);
/** Starts an attempt (or answers the open one). */
export const startAttempt = postEndpoint(TESTING_API.start);
/** An attempt with its questions (no key), saved answers and the server's deadline. */
export const getAttempt = postEndpoint(TESTING_API.attempt);
/** Saves the answers waiting for an attempt, in their order (each with the device's version). */
export const saveAnswers = postEndpoint(TESTING_API.answers);
/** Submits the attempt; answers it graded. */
export const submitAttempt = postEndpoint(TESTING_API.submit);

export const takeKeys = {
  open: (uid: number) => ['testing', 'open', uid] as const,
  attempt: (uid: number, attemptId: number) => ['testing', 'attempt', uid, attemptId] as const,
};

export function useOpenTests() {
  const uid = useSession().user?.uid ?? 0;
  return useQuery({
    queryKey: takeKeys.open(uid),
    queryFn: () => getOpenTests({}),
    // Attempts left and the result change with every attempt: never shown from a stale copy.
    meta: { offline: false },
  });
}

export function useAttempt(attemptId: number) {
  const uid = useSession().user?.uid ?? 0;
  return useQuery({
    queryKey: takeKeys.attempt(uid, attemptId),
    queryFn: () => getAttempt({ attemptId }),
    // Kept in the offline copy: a page reopened without a network shows the questions already
    // received and the server's deadline learnt with them (the answers given wait in the outbox).
    // The answers on screen are the device's own once loaded: no refetch over them.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
