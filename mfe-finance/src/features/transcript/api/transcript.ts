import { useQuery } from '@tanstack/react-query';
import {
  apiUrl,
  postEndpoint,
  useSession,
  type TranscriptBody,
  type TranscriptResponse,
} from '@lms/shared';

/** POST /lms/api/misc/transcript.json: the signed-in student's transcript. */
export const getTranscript = postEndpoint<TranscriptBody, TranscriptResponse>(
  '/api/misc/transcript.json',
);
/** GET /lms/api/misc/transcript.file: the A4 PDF with a verification QR (a link). */
export const transcriptPdfUrl = () => apiUrl('/api/misc/transcript.file');

export const transcriptKeys = { mine: (uid: number) => ['transcript', uid] as const };

export function useTranscript() {
  const user = useSession().user;
  const uid = user?.uid ?? 0;
  return useQuery({
    queryKey: transcriptKeys.mine(uid),
    queryFn: () => getTranscript(user ? { id_student: user.id } : {}),
  });
}
