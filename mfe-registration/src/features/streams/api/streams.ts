import { skipToken, useQuery } from '@tanstack/react-query';
import { apiUrl, postEndpoint, REGISTRATION_API, useSession } from '@lms/shared';
import type { Term } from '../../../lib/term';

/** The teacher's streams with seats. */
export const getTeacherStreams = postEndpoint(REGISTRATION_API.teacherStreams);
/** Who registered for a stream. */
export const getStreamStudents = postEndpoint(REGISTRATION_API.teacherStudents);
/** The same list as CSV. */
export const streamStudentsCsvUrl = (streamId: number) =>
  apiUrl(REGISTRATION_API.teacherStudentsCsv, { subgroup: streamId });

/** POST …/teacher/waitlist.json: a stream's waiting list in order. */
export const getStreamWaitlist = postEndpoint(REGISTRATION_API.teacherWaitlist);
/** GET …/teacher/waitlist.csv?subgroup=: the waiting list as CSV. */
export const streamWaitlistCsvUrl = (streamId: number) =>
  apiUrl(REGISTRATION_API.teacherWaitlistCsv, { subgroup: streamId });

export const streamKeys = {
  streams: (uid: number, term?: Term) =>
    ['registration', uid, 'teacher', 'streams', term ?? null] as const,
  students: (uid: number, streamId: number | null) =>
    ['registration', uid, 'teacher', 'students', streamId] as const,
  waitlist: (uid: number, streamId: number | null) =>
    ['registration', uid, 'teacher', 'waitlist', streamId] as const,
};

export function useTeacherStreams(term: Term | undefined, streamId: number | null) {
  const { user } = useSession();
  const uid = user?.uid ?? 0;
  const streams = useQuery({
    queryKey: streamKeys.streams(uid, term),
    queryFn: term ? () => getTeacherStreams(term) : skipToken,
    // Seats and waiting lists move with the students: a page opened again asks again.
    refetchOnMount: 'always',
  });
  const students = useQuery({
    queryKey: streamKeys.students(uid, streamId),
    queryFn: streamId === null ? skipToken : () => getStreamStudents({ subgroup: streamId }),
  });
  const waitlist = useQuery({
    queryKey: streamKeys.waitlist(uid, streamId),
    queryFn: streamId === null ? skipToken : () => getStreamWaitlist({ subgroup: streamId }),
  });
  return { streams, students, waitlist };
}
