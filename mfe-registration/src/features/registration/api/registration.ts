import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notify,
  postEndpoint,
  REGISTRATION_API,
  useSession,
  type ByTypeActionBody,
  type ByTypeDeleteBody,
  type SaveRegistrationBody,
} from '@lms/shared';
import { askAgainOnMount, type Term } from '../../../lib/term';

/** Registrations, plan, credits, window. */
export const getRegList = postEndpoint(REGISTRATION_API.list);
/** POST …/getteachersforregel.json: teachers of a mandatory discipline. */
export const getTeachers = postEndpoint(REGISTRATION_API.mandatoryTeachers);
/** POST …/getsubgroupsforregel.json: a teacher's streams of a mandatory discipline. */
export const getStreams = postEndpoint(REGISTRATION_API.mandatoryStreams);
/** POST …/saveregistration.json */
export const saveRegistration = postEndpoint(REGISTRATION_API.save);
/** POST …/deleteregistration.json {id_disciplineForStudent, uid} */
export const deleteRegistration = postEndpoint(REGISTRATION_API.remove);
/** POST …/optional/permission.json: may the student choose electives? */
export const getPermission = postEndpoint(REGISTRATION_API.electivePermission);
/** POST …/optional/disciplines.json: the plan's electives. */
export const getElectives = postEndpoint(REGISTRATION_API.electiveDisciplines);
/** POST …/optional/teachers.json */
export const getElectiveTeachers = postEndpoint(REGISTRATION_API.electiveTeachers);
/** POST …/optional/subgroups.json */
export const getElectiveStreams = postEndpoint(REGISTRATION_API.electiveStreams);
/** POST …/bytype/teacher.json: lesson type × teacher pairs of a registration. */
export const getByTypeTeachers = postEndpoint(REGISTRATION_API.byTypeTeachers);
/** POST …/bytype/subgroups.json */
export const getByTypeStreams = postEndpoint(REGISTRATION_API.byTypeStreams);
/** POST …/bytype/actionegistration.json: attend a stream for its lesson type. */
export const byTypeRegister = postEndpoint(REGISTRATION_API.byTypeAction);
/** POST …/bytype/deleteregistration.json: leave a lesson type's stream. */
export const byTypeDelete = postEndpoint(REGISTRATION_API.byTypeRemove);

export type Mode = 'mandatory' | 'elective';

export const regKeys = {
  all: (uid: number) => ['registration', uid, 'student'] as const,
  list: (uid: number, term?: Term) =>
    ['registration', uid, 'student', 'list', term ?? null] as const,
  part: (uid: number, part: string, body?: object) =>
    ['registration', uid, 'student', part, body ?? null] as const,
};

/** The registration list of a semester (with the mandatory plan, credits and window). */
export function useRegList(term: Term | undefined) {
  const { user } = useSession();
  const uid = user?.uid ?? 0;
  const body = user && term ? { ...term, uid } : undefined;
  return useQuery({
    queryKey: regKeys.list(uid, term),
    queryFn: body ? () => getRegList(body) : skipToken,
    // Seats, promotions and other devices change it: a page opened again asks again, even when
    // the kept copy (the offline one included) is younger than the stale time (not
    // the copy the first screen has just brought).
    refetchOnMount: askAgainOnMount,
  });
}

export function useElectives(term: Term | undefined) {
  const { user } = useSession();
  const uid = user?.uid ?? 0;
  const body = user && term ? { ...term, uid } : undefined;
  const permission = useQuery({
    queryKey: regKeys.part(uid, 'permission', body),
    queryFn: body ? () => getPermission(body) : skipToken,
  });
  const disciplines = useQuery({
    queryKey: regKeys.part(uid, 'electives', body),
    queryFn: body && permission.data?.allowed ? () => getElectives(body) : skipToken,
  });
  return { permission, disciplines };
}

/** Teachers, then streams, of the chosen discipline. */
export function useChoice(
  mode: Mode,
  term: Term | undefined,
  disciplineId: number | null,
  teacherId: number | null,
) {
  const { user } = useSession();
  const uid = user?.uid ?? 0;
  const teachersBody =
    term && disciplineId !== null ? { ...term, id_discipline: disciplineId } : undefined;
  const teachers = useQuery({
    queryKey: regKeys.part(uid, `${mode}-teachers`, teachersBody),
    queryFn: teachersBody
      ? () => (mode === 'mandatory' ? getTeachers : getElectiveTeachers)(teachersBody)
      : skipToken,
  });
  const streamsBody =
    teachersBody && teacherId !== null ? { ...teachersBody, id_teacher: teacherId } : undefined;
  const streams = useQuery({
    queryKey: regKeys.part(uid, `${mode}-streams`, streamsBody),
    queryFn: streamsBody
      ? () => (mode === 'mandatory' ? getStreams : getElectiveStreams)(streamsBody)
      : skipToken,
  });
  return { teachers, streams };
}

/** Saves and deletes reload the list (and the seats); the server's sms is the notification. */
export function useRegistrationWrites() {
  const { user } = useSession();
  const uid = user?.uid ?? 0;
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey: regKeys.all(uid) });
  const save = useMutation({
    mutationFn: (body: SaveRegistrationBody) => saveRegistration({ ...body, uid }),
    onSuccess: (data) => {
      notify(data.sms, 'success');
      return reload();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteRegistration({ id_disciplineForStudent: id, uid }),
    onSuccess: (data) => {
      notify(data.sms, 'success');
      return reload();
    },
  });
  const attend = useMutation({
    mutationFn: (body: ByTypeActionBody) => byTypeRegister({ ...body, uid }),
    onSuccess: (data) => {
      notify(data.sms, 'success');
      return reload();
    },
  });
  const leave = useMutation({
    mutationFn: (body: ByTypeDeleteBody) => byTypeDelete({ ...body, uid }),
    onSuccess: (data) => {
      notify(data.sms, 'success');
      return reload();
    },
  });
  return { save, remove, attend, leave };
}

/** The lesson type × teacher pairs of a registration, then the streams of the chosen pair. */
export function useByType(registrationId: number, pair: { type: number; teacher: number } | null) {
  const { user } = useSession();
  const uid = user?.uid ?? 0;
  const body = { id_disciplineForStudent: registrationId, uid };
  const pairs = useQuery({
    queryKey: regKeys.part(uid, 'bytype-teachers', body),
    queryFn: () => getByTypeTeachers(body),
  });
  const streamsBody = pair
    ? { ...body, id_vid_zaniatiy: pair.type, id_teacher: pair.teacher }
    : undefined;
  const streams = useQuery({
    queryKey: regKeys.part(uid, 'bytype-streams', streamsBody),
    queryFn: streamsBody ? () => getByTypeStreams(streamsBody) : skipToken,
  });
  return { pairs, streams };
}
