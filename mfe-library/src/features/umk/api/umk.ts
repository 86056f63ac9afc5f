import {
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  apiUpload,
  apiUrl,
  notifyFailure,
  PLACEHOLDER_ID,
  postEndpoint,
  ROLE,
  UMK_API,
  useSession,
  type UmkItem,
  type UmkListBody,
  type UmkStartResponse,
  type UmkTeachersBody,
  type UmkUploadFields,
} from '@lms/shared';

/** Query keys of the teaching materials, under the user's uid. */
export const umkKeys = {
  all: (uid: number) => ['umk', uid] as const,
  semesters: (uid: number) => ['umk', uid, 'semesters'] as const,
  disciplines: (uid: number, semester: number | null) =>
    ['umk', uid, 'disciplines', semester] as const,
  types: (uid: number) => ['umk', uid, 'types'] as const,
  exams: (uid: number) => ['umk', uid, 'exams'] as const,
  categories: (uid: number) => ['umk', uid, 'categories'] as const,
  teachers: (uid: number, body: UmkTeachersBody | null) => ['umk', uid, 'teachers', body] as const,
  lists: (uid: number) => ['umk', uid, 'list'] as const,
  list: (uid: number, body: UmkListBody | null) => ['umk', uid, 'list', body] as const,
};

/** POST /lms/api/umk/semesters.json {} (teacher) */
export const getSemesters = postEndpoint(UMK_API.semesters);
/** POST /lms/api/umk/semestersforstud.json {} (student) */
export const getStudentSemesters = postEndpoint(UMK_API.studentSemesters);
/** POST /lms/api/umk/start.json {}: the first choices of the screen in one answer (both roles). */
export const getStart = postEndpoint(UMK_API.start);

/**
 * The first screen's parts, each under the key of the query that asks for it alone, so the
 * chain's later queries find them instead of asking one after the other.
 */
function seedStart(client: QueryClient, uid: number, start: UmkStartResponse) {
  client.setQueryData(umkKeys.types(uid), start.types);
  if (start.id_semester === null || !start.disciplines) return;
  client.setQueryData(umkKeys.disciplines(uid, start.id_semester), start.disciplines);
  if (start.id_discipline === null) return;
  const teachersBody = { id_semester: start.id_semester, id_discipline: start.id_discipline };
  client.setQueryData(umkKeys.teachers(uid, teachersBody), start.teachers);
  const listBody = { ...teachersBody, id_typeUmk: -1, id_teacher: -1 };
  client.setQueryData(umkKeys.list(uid, listBody), start.list);
}

/** POST /lms/api/umk/disciplines.json {id_semester} (teacher) */
export const getDisciplines = postEndpoint(UMK_API.disciplines);
/** POST /lms/api/umk/disciplinesforstud.json {id_semester} (student) */
export const getStudentDisciplines = postEndpoint(UMK_API.studentDisciplines);
export const getTypes = postEndpoint(UMK_API.types);
export const getExamTypes = postEndpoint(UMK_API.examTypes);
/** POST /lms/api/umk/bookcategories.json {id_baseBookCategory: -1}: every library category. */
export const getBookCategories = postEndpoint(UMK_API.bookCategories);
export const getUmkTeachers = postEndpoint(UMK_API.teachers);
/** POST /lms/api/umk/umklist.json (teacher) */
export const getUmkList = postEndpoint(UMK_API.list);
/** POST /lms/api/umk/getumklistforstud.json (student) */
export const getStudentUmkList = postEndpoint(UMK_API.studentList);
export const deleteMaterial = postEndpoint(UMK_API.remove);

/** The saved material. */
export function saveMaterial(
  fields: UmkUploadFields,
  file: File | null,
  onProgress: (percent: number) => void,
): Promise<UmkItem> {
  return apiUpload(UMK_API.save, { fields, files: file ? [file] : [] }, onProgress);
}

/** A PDF opens in the browser, anything else downloads. */
export function materialFileUrl(item: Pick<UmkItem, 'idBook'>, download = false): string {
  return apiUrl(
    UMK_API.download,
    download ? { id: item.idBook, download: 1 } : { id: item.idBook },
  );
}

/**
 * The choice chain of the materials screen: semester → discipline → (type, teacher) → list,
 * from the teacher's or the student's lists by role.
 */
export function useUmkChain(choice: {
  semester: number | null;
  discipline: number | null;
  type: number | null;
  teacher: number | null;
}) {
  const { user } = useSession();
  const uid = user?.uid ?? 0;
  const isTeacher = user?.role === ROLE.teacher;
  const client = useQueryClient();
  // The semesters come with the whole first screen (start.json); its failure (an API without
  // it, or one of its parts) leaves the chain to ask for each part as before.
  const semesters = useQuery({
    queryKey: umkKeys.semesters(uid),
    queryFn: async () => {
      try {
        const first = await getStart({});
        seedStart(client, uid, first);
        return first.semesters;
      } catch {
        return isTeacher ? getSemesters({}) : getStudentSemesters({});
      }
    },
  });
  const semester =
    semesters.data?.find((s) => s.id_semester === choice.semester)?.id_semester ??
    semesters.data?.[0]?.id_semester ??
    null;
  const disciplines = useQuery({
    queryKey: umkKeys.disciplines(uid, semester),
    queryFn:
      semester === null
        ? skipToken
        : () =>
            isTeacher
              ? getDisciplines({ id_semester: semester })
              : getStudentDisciplines({ id_semester: semester }),
  });
  const discipline =
    disciplines.data?.find((d) => d.id_discipline === choice.discipline) ??
    disciplines.data?.[0] ??
    null;
  // The first screen brings the types too: asked alone only once it is in.
  const types = useQuery({
    queryKey: umkKeys.types(uid),
    queryFn: semesters.isPending ? skipToken : () => getTypes({}),
  });
  const teachersBody =
    semester !== null && discipline
      ? { id_semester: semester, id_discipline: discipline.id_discipline }
      : null;
  const teachers = useQuery({
    queryKey: umkKeys.teachers(uid, teachersBody),
    queryFn: teachersBody ? () => getUmkTeachers(teachersBody) : skipToken,
  });
  const listBody: UmkListBody | null = teachersBody && {
    ...teachersBody,
    id_typeUmk: choice.type ?? -1,
    id_teacher: choice.teacher ?? -1,
  };
  const list = useQuery({
    queryKey: umkKeys.list(uid, listBody),
    queryFn: listBody
      ? () => (isTeacher ? getUmkList(listBody) : getStudentUmkList(listBody))
      : skipToken,
  });
  return { semesters, semester, disciplines, discipline, types, teachers, list, listBody };
}

/** The forms of control a material may be for (a select of the form). */
export function useExamTypes() {
  const uid = useSession().user?.uid ?? 0;
  return useQuery({ queryKey: umkKeys.exams(uid), queryFn: () => getExamTypes({}) });
}

/** Every library category: where a material shown in the e-library goes. */
export function useBookCategories() {
  const uid = useSession().user?.uid ?? 0;
  return useQuery({
    queryKey: umkKeys.categories(uid),
    queryFn: () => getBookCategories({ id_baseBookCategory: PLACEHOLDER_ID }),
  });
}

/**
 * Saving a material with its one file: `onProgress` hears the upload's percent (null once it is
 * over), `onSaved` the material as the server saved it.
 */
export function useSaveMaterial(
  onProgress: (percent: number | null) => void,
  onSaved: (item: UmkItem) => void,
) {
  return useMutation({
    mutationFn: ({ fields, file }: { fields: UmkUploadFields; file: File | null }) =>
      saveMaterial(fields, file, onProgress),
    onMutate: () => onProgress(0),
    onSettled: () => onProgress(null),
    onSuccess: (saved) => onSaved(saved),
  });
}

/**
 * A saved material in the list (spec §4): a new one reloads the lists, an edited one is updated
 * where it stands.
 */
export function useShowSavedMaterial() {
  const uid = useSession().user?.uid ?? 0;
  const queryClient = useQueryClient();
  return (saved: UmkItem, isNew: boolean) => {
    if (isNew) {
      void queryClient.invalidateQueries({ queryKey: umkKeys.all(uid) });
      return;
    }
    queryClient.setQueriesData<UmkItem[]>({ queryKey: umkKeys.lists(uid) }, (old) =>
      old?.map((row) => (row.idBook === saved.idBook ? saved : row)),
    );
  };
}

/** What the user is asked and told while a material is deleted. */
export interface MaterialDeletion {
  /** Asks the user; false keeps the material. */
  confirm: (item: UmkItem) => Promise<boolean>;
  /** The material is gone (the list reloads next). */
  deleted: () => void;
}

/**
 * Deleting a material once the user confirms (deletebook.json); the materials reload after.
 * Answers whether it was deleted.
 */
export function useDeleteMaterial(deletion: MaterialDeletion) {
  const { user } = useSession();
  const uid = user?.uid ?? 0;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (item: UmkItem) => {
      if (!user) return false;
      if (!(await deletion.confirm(item))) return false;
      await deleteMaterial({ id_human: user.id, id_humanType: user.role, id_books: item.idBook });
      return true;
    },
    onSuccess: async (deleted) => {
      if (!deleted) return;
      deletion.deleted();
      await queryClient.invalidateQueries({ queryKey: umkKeys.all(uid) });
    },
    onError: (error) => notifyFailure(error),
  });
}
