import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notify,
  postEndpoint,
  REGISTRATION_API,
  useSession,
  type RegSmsResponse,
  type SaveAppointmentBody,
} from '@lms/shared';
import type { Term } from '../../../lib/term';

/** POST …/appointments/save.json (registrar): from when a year of study registers. */
export const saveAppointment = postEndpoint(REGISTRATION_API.saveAppointment);
/** POST …/appointments/list.json (registrar): the semester's slots by year of study. */
export const getAppointments = postEndpoint(REGISTRATION_API.appointments);
/** POST …/appointments/remove.json (registrar): the year registers within the window alone. */
export const removeAppointment = postEndpoint(REGISTRATION_API.removeAppointment);

/** The registrar's registration slots of a semester: the list, a save and a removal. */
export function useAppointments(term: Term) {
  const uid = useSession().user?.uid ?? 0;
  const client = useQueryClient();
  const key = ['registration', uid, 'registrar', 'slots', term.id_a_year, term.id_semester];
  const slots = useQuery({ queryKey: key, queryFn: () => getAppointments(term) });
  const done = (data: RegSmsResponse) => {
    notify(data.sms, 'success');
    return client.invalidateQueries({ queryKey: key });
  };
  const save = useMutation({
    mutationFn: (body: SaveAppointmentBody) => saveAppointment(body),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (course: number) => removeAppointment({ ...term, course }),
    onSuccess: done,
  });
  return { slots, save, remove };
}
