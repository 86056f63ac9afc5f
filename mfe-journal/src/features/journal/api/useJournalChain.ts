import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import {
  defaultAcademicYear,
  lmsStore,
  useCurrentTerm,
  useSession,
  type JournalGroup,
  type JournalKey,
} from '@lms/shared';
import { EMPTY_SELECTION, journalSelectionAtom } from '../selection';
import { getDisciplines, getGroups, getLessonTypes, journalKeys } from './visitlog';

/** A group or one of its subgroups, as one entry of the group select. */
export interface GroupChoice {
  id: number;
  id_group: number;
  id_subgroup: number | null;
  group: string;
  subgroup: string | null;
}

/** The whole group first, then each subgroup; ids are positions in this list. */
export function groupChoices(groups: readonly JournalGroup[]): GroupChoice[] {
  return groups
    .flatMap((group) => [
      { id_group: group.id_group, id_subgroup: null, group: group.name, subgroup: null },
      ...group.subgroups.map((subgroup) => ({
        id_group: group.id_group,
        id_subgroup: subgroup.id_subgroup,
        group: group.name,
        subgroup: subgroup.name,
      })),
    ])
    .map((choice, id) => ({ id, ...choice }));
}

/** The chosen entry, else the only entry of a list of one, else nothing. */
function pick<T>(list: readonly T[] | undefined, chosen: (item: T) => boolean): T | null {
  return list?.find(chosen) ?? (list?.length === 1 ? (list[0] ?? null) : null);
}

/**
 * The teacher's chain (year → semester → discipline → group or subgroup → lesson type), each
 * list asked once the steps before it are known; the answer is the journal's key.
 */
export function useJournalChain() {
  const { user } = useSession();
  const stored = useAtomValue(journalSelectionAtom, { store: lmsStore });
  const selection = stored.uid === user?.uid ? stored : EMPTY_SELECTION;
  const uid = user?.uid ?? 0;
  const queryClient = useQueryClient();

  const current = useCurrentTerm().ws;
  const year = selection.year ?? defaultAcademicYear().id;
  const ws = selection.ws ?? current.data?.ws ?? null;
  const semester = user && ws !== null ? { year, ws } : undefined;

  const disciplines = useQuery({
    queryKey: journalKeys.list(uid, 'disciplines', semester),
    queryFn: semester ? () => getDisciplines(semester) : skipToken,
  });
  const discipline = pick(
    disciplines.data,
    (d) =>
      d.id_discipline === selection.discipline?.id_discipline &&
      d.isSelect === selection.discipline.isSelect,
  );
  const withDiscipline =
    semester && discipline ? { ...semester, id_discipline: discipline.id_discipline } : undefined;

  const groups = useQuery({
    queryKey: journalKeys.list(uid, 'groups', withDiscipline),
    queryFn: withDiscipline ? () => getGroups(withDiscipline) : skipToken,
  });
  const choices = groups.data ? groupChoices(groups.data) : undefined;
  const group = pick(
    choices,
    (c) =>
      c.id_group === selection.group?.id_group && c.id_subgroup === selection.group.id_subgroup,
  );
  const withGroup =
    withDiscipline && group ? { ...withDiscipline, id_group: group.id_group } : undefined;

  const lessonTypes = useQuery({
    queryKey: journalKeys.list(uid, 'lessonTypes', withGroup),
    queryFn: withGroup ? () => getLessonTypes(withGroup) : skipToken,
  });
  const lessonType = pick(lessonTypes.data, (l) => l.id_vid_zaniatiy === selection.lessonType);

  const key: JournalKey | null =
    withGroup && group && lessonType
      ? {
          ...withGroup,
          id_subgroup: group.id_subgroup,
          id_vid_zaniatiy: lessonType.id_vid_zaniatiy,
        }
      : null;

  return {
    user,
    year,
    ws,
    current,
    disciplines,
    discipline,
    groups,
    groupChoices: choices,
    group,
    lessonTypes,
    lessonType,
    key,
    retry: () => queryClient.invalidateQueries({ queryKey: journalKeys.all(uid) }),
  };
}

export type JournalChain = ReturnType<typeof useJournalChain>;
