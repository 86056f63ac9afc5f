import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl, postEndpoint, TESTING_API, useSession } from '@lms/shared';

export const getTeaching = postEndpoint(TESTING_API.teaching);
export const getBank = postEndpoint(TESTING_API.bank);
export const saveTopic = postEndpoint(TESTING_API.saveTopic);
export const saveQuestion = postEndpoint(TESTING_API.saveQuestion);
export const deleteQuestion = postEndpoint(TESTING_API.deleteQuestion);
export const getTests = postEndpoint(TESTING_API.tests);
export const saveTest = postEndpoint(TESTING_API.saveTest);
export const openWindow = postEndpoint(TESTING_API.openWindow);
export const getResults = postEndpoint(TESTING_API.results);
export const getReview = postEndpoint(TESTING_API.review);
export const gradeEssay = postEndpoint(TESTING_API.grade);
/** Who of a running test's groups waits, takes it, has finished; progress and connection. */
export const getMonitor = postEndpoint(TESTING_API.monitor);

export const teachKeys = {
  all: (uid: number) => ['testing', 'teacher', uid] as const,
  teaching: (uid: number) => ['testing', 'teacher', uid, 'teaching'] as const,
  bank: (uid: number, disciplineId: number | null) =>
    ['testing', 'teacher', uid, 'bank', disciplineId] as const,
  tests: (uid: number, disciplineId: number | null) =>
    ['testing', 'teacher', uid, 'tests', disciplineId] as const,
  results: (uid: number, testId: number | null) =>
    ['testing', 'teacher', uid, 'results', testId] as const,
  review: (uid: number, attemptId: number | null) =>
    ['testing', 'teacher', uid, 'review', attemptId] as const,
};

const useUid = () => useSession().user?.uid ?? 0;

export function useTeaching() {
  const uid = useUid();
  return useQuery({ queryKey: teachKeys.teaching(uid), queryFn: () => getTeaching({}) });
}

export function useBank(disciplineId: number | null) {
  const uid = useUid();
  return useQuery({
    queryKey: teachKeys.bank(uid, disciplineId),
    queryFn: disciplineId === null ? skipToken : () => getBank({ disciplineId }),
  });
}

export function useTests(disciplineId: number | null) {
  const uid = useUid();
  return useQuery({
    queryKey: teachKeys.tests(uid, disciplineId),
    queryFn: disciplineId === null ? skipToken : () => getTests({ disciplineId }),
  });
}

export function useResults(testId: number | null) {
  const uid = useUid();
  return useQuery({
    queryKey: teachKeys.results(uid, testId),
    queryFn: testId === null ? skipToken : () => getResults({ testId }),
    meta: { offline: false },
  });
}

/** How often the open monitor asks again (slower after a failed ask). */
export const MONITOR_POLL_MS = 5000;

export function useMonitor(testId: number) {
  const uid = useUid();
  return useQuery({
    queryKey: ['testing', 'monitor', uid, testId] as const,
    queryFn: () => getMonitor({ testId }),
    refetchInterval: (query) =>
      query.state.status === 'error' ? 6 * MONITOR_POLL_MS : MONITOR_POLL_MS,
    meta: { offline: false },
  });
}

export function useReview(attemptId: number | null) {
  const uid = useUid();
  return useQuery({
    queryKey: teachKeys.review(uid, attemptId),
    queryFn: attemptId === null ? skipToken : () => getReview({ attemptId }),
    meta: { offline: false },
  });
}

/** A teacher's write; on success every teacher list of the area is read again. */
export function useTeacherWrite<B, R>(write: (body: B) => Promise<R>) {
  const uid = useUid();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teachKeys.all(uid) }),
  });
}

export const importGift = postEndpoint(TESTING_API.importGift);
export const importMoodle = postEndpoint(TESTING_API.importMoodle);

/** GET …/teacher/bank-export.file: the bank (or one topic) as a GIFT or Moodle XML download. */
export const bankExportUrl = (disciplineId: number, format: 'gift' | 'xml', topicId?: number) =>
  apiUrl(TESTING_API.exportBank, {
    disciplineId: String(disciplineId),
    format,
    ...(topicId === undefined ? {} : { topicId: String(topicId) }),
  });
