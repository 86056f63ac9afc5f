import { skipToken, useQuery } from '@tanstack/react-query';
import {
  apiUrl,
  postEndpoint,
  useSession,
  type StreamStudentsBody,
  type StreamStudentsResponse,
  type StreamWaitlistResponse,
  type TeacherStreamsBody,
  type TeacherStreamsResponse,
} from '@lms/shared';
import type { Term } from '../../../lib/term';

/** POST /lms/api/regfordisciplines/teacher/streams.json: the teacher's streams with seats. */
export const getTeacherStreams = postEndpoint<TeacherStreamsBody, TeacherStreamsResponse>(
  '/api/regfordisciplines/teacher/streams.json',
);
/** POST /lms/api/regfordisciplines/teacher/students.json: who registered for a stream. */
export const getStreamStudents = postEndpoint<StreamStudentsBody, StreamStudentsResponse>(
  '/api/regfordisciplines/teacher/students.json',
);
/** GET /lms/api/regfordisciplines/teacher/students.csv?subgroup=: the same list as CSV. */
export const streamStudentsCsvUrl = (streamId: number) =>
  apiUrl('/api/regfordisciplines/teacher/students.csv', { subgroup: streamId });

/** POST …/teacher/waitlist.json: a stream's waiting list in order. */
export const getStreamWaitlist = postEndpoint<StreamStudentsBody, StreamWaitlistResponse>(
  '/api/regfordisciplines/teacher/waitlist.json',
);
/** GET …/teacher/waitlist.csv?subgroup=: the waiting list as CSV. */
export const streamWaitlistCsvUrl = (streamId: number) =>
  apiUrl('/api/regfordisciplines/teacher/waitlist.csv', { subgroup: streamId });

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
