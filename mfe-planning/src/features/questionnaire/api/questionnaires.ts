import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notify,
  postEndpoint,
  QUESTIONNAIRES_API,
  useSession,
  type EvaluationAnswerBody,
  type QuestionnaireOpenBody,
} from '@lms/shared';

/** POST questionnaires/student/waiting.json: what waits for the student's answer. */
export const getWaiting = postEndpoint(QUESTIONNAIRES_API.waiting);
/** POST questionnaires/student/form.json {id_target}: the questionnaire in the reader's language. */
export const getForm = postEndpoint(QUESTIONNAIRES_API.form);
/** POST questionnaires/student/answer.json: the student's one answer. */
export const sendAnswer = postEndpoint(QUESTIONNAIRES_API.answer);
/** POST questionnaires/teacher/results.json: the teacher's own results. */
export const getTeacherResults = postEndpoint(QUESTIONNAIRES_API.teacherResults);
/** POST questionnaires/office/list.json (the office): every questionnaire with its rate. */
export const getQuestionnaires = postEndpoint(QUESTIONNAIRES_API.officeList);
/** POST questionnaires/office/open.json (the office): opens one for a semester. */
export const openQuestionnaire = postEndpoint(QUESTIONNAIRES_API.officeOpen);
/** POST questionnaires/office/rates.json (the office): the rate of each discipline × teacher. */
export const getRates = postEndpoint(QUESTIONNAIRES_API.officeRates);
/** POST questionnaires/office/results.json (the office): the results above the threshold. */
export const getOfficeResults = postEndpoint(QUESTIONNAIRES_API.officeResults);

/** Keys of the caller's questionnaire data (per account and language: the texts are translated). */
const keys = {
  all: (uid: number) => ['questionnaire', uid] as const,
  waiting: (uid: number, lng: string) => ['questionnaire', uid, 'waiting', lng] as const,
  form: (uid: number, target: number, lng: string) =>
    ['questionnaire', uid, 'form', target, lng] as const,
  results: (uid: number, lng: string) => ['questionnaire', uid, 'results', lng] as const,
  list: (uid: number, lng: string) => ['questionnaire', uid, 'office', lng] as const,
  rates: (uid: number, id: number, lng: string) =>
    ['questionnaire', uid, 'rates', id, lng] as const,
  officeResults: (uid: number, id: number, lng: string) =>
    ['questionnaire', uid, 'office-results', id, lng] as const,
};

function useCaller() {
  const { user } = useSession();
  return user?.uid ?? 0;
}

export function useWaiting(lng: string) {
  const uid = useCaller();
  return useQuery({ queryKey: keys.waiting(uid, lng), queryFn: () => getWaiting({}) });
}

export function useForm(target: number, lng: string) {
  const uid = useCaller();
  return useQuery({
    queryKey: keys.form(uid, target, lng),
    queryFn: () => getForm({ id_target: target }),
  });
}

/** Sends the answer; the waiting list is read again (it now says "answered"). */
export function useAnswer(onDone: () => void) {
  const uid = useCaller();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EvaluationAnswerBody) => sendAnswer(body),
    onSuccess: async (data) => {
      notify(data.sms, 'success');
      await client.invalidateQueries({ queryKey: keys.all(uid) });
      onDone();
    },
  });
}

export function useTeacherResults(lng: string) {
  const uid = useCaller();
  return useQuery({ queryKey: keys.results(uid, lng), queryFn: () => getTeacherResults({}) });
}

export function useQuestionnaires(lng: string) {
  const uid = useCaller();
  return useQuery({ queryKey: keys.list(uid, lng), queryFn: () => getQuestionnaires({}) });
}

export function useOpenQuestionnaire(onDone: () => void) {
  const uid = useCaller();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: QuestionnaireOpenBody) => openQuestionnaire(body),
    onSuccess: async (data) => {
      notify(data.sms, 'success');
      await client.invalidateQueries({ queryKey: keys.all(uid) });
      onDone();
    },
  });
}

export function useRates(id: number, lng: string) {
  const uid = useCaller();
  return useQuery({
    queryKey: keys.rates(uid, id, lng),
    queryFn: () => getRates({ id_questionnaire: id }),
  });
}

export function useOfficeResults(id: number, lng: string) {
  const uid = useCaller();
  return useQuery({
    queryKey: keys.officeResults(uid, id, lng),
    queryFn: () => getOfficeResults({ id_questionnaire: id }),
  });
}
