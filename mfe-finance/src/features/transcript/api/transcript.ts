import { useMutation, useQuery } from '@tanstack/react-query';
import {
  classifyError,
  http,
  postEndpoint,
  TRANSCRIPT_API,
  useSession,
  type TranscriptFileBody,
} from '@lms/shared';

/** The signed-in student's transcript. */
export const getTranscript = postEndpoint(TRANSCRIPT_API.transcript);
/** The grades of the transcript a retake sheet replaced. */
export const getReplacedGrades = postEndpoint(TRANSCRIPT_API.replaced);

const TRANSCRIPT_FILE = TRANSCRIPT_API.pdf.path;

/** The file name of `Content-Disposition: attachment; filename="…"`, if it names one. */
function fileNameOf(disposition: unknown): string | undefined {
  if (typeof disposition !== 'string') return undefined;
  return /filename="([^"]+)"/.exec(disposition)?.[1];
}

/**
 * A refusal of a binary request arrives as a Blob (or, in tests, as text): read back as the
 * envelope, so the server's own message is what the user sees.
 */
async function readRefusal(err: unknown): Promise<unknown> {
  const response = (err as { response?: { data?: unknown } } | null)?.response;
  if (!response) return err;
  try {
    const data = response.data;
    const text = data instanceof Blob ? await data.text() : data;
    if (typeof text === 'string') response.data = JSON.parse(text) as unknown;
  } catch {
    // Not JSON: the status alone describes it.
  }
  return err;
}

/**
 * Issues the transcript (the same document again on the same
 * day) and answers the A4 PDF with its verification QR. A POST, not a link: issuing writes a
 * document, which a GET (any page's link or image) must never do.
 */
export async function fetchTranscriptPdf(
  body: TranscriptFileBody,
): Promise<{ blob: Blob; fileName: string }> {
  try {
    const response = await http.post<unknown>(TRANSCRIPT_FILE, body, {
      responseType: 'blob',
      headers: { Accept: 'application/pdf' },
    });
    const data = response.data;
    const blob =
      data instanceof Blob ? data : new Blob([data as BlobPart], { type: 'application/pdf' });
    return {
      blob,
      fileName: fileNameOf(response.headers['content-disposition']) ?? 'transcript.pdf',
    };
  } catch (err) {
    throw classifyError(await readRefusal(err));
  }
}

/** Hands a received file to the browser as a download under its own name. */
function saveFile({ blob, fileName }: { blob: Blob; fileName: string }): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading it; the object URL may go once the download is under way.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads the signed-in student's transcript as a PDF (busy while it is being issued). */
export function useTranscriptPdf() {
  const user = useSession().user;
  return useMutation({
    mutationFn: () => fetchTranscriptPdf({ id_student: user?.id ?? 0 }),
    onSuccess: saveFile,
  });
}

export const transcriptKeys = {
  mine: (uid: number) => ['transcript', uid] as const,
  replaced: (uid: number) => ['transcript', uid, 'replaced'] as const,
};

export function useTranscript() {
  const user = useSession().user;
  const uid = user?.uid ?? 0;
  return useQuery({
    queryKey: transcriptKeys.mine(uid),
    queryFn: () => getTranscript(user ? { id_student: user.id } : {}),
  });
}

/** The grades a retake replaced, by the row they sit beside ("group/year/ws/code"). */
export function useReplacedGrades() {
  const user = useSession().user;
  const uid = user?.uid ?? 0;
  return useQuery({
    queryKey: transcriptKeys.replaced(uid),
    queryFn: () => getReplacedGrades(user ? { id_student: user.id } : {}),
    select: (grades) =>
      new Map(
        grades.map((g) => [replacedKey(g.id_group, g.id_a_year, g.ws_sort, g.code_discipline), g]),
      ),
  });
}

/** The key of a transcript row: its group, year, semester and discipline code. */
export const replacedKey = (group: number, year: number, ws: number, code: string): string =>
  `${group}/${year}/${ws}/${code}`;
