import { skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import {
  currentTermKeys,
  GROUP_CHAT_ID,
  lmsStore,
  ROLE,
  useCurrentTerm,
  useSession,
  type ChainStartResponse,
  type DisciplineItem,
  type GroupItem,
  type SessionUser,
  type StudentItem,
  type TeacherItem,
} from '@lms/shared';
import { chainKeys, chainStart, listsFor, students, teachers } from './chain';
import { EMPTY_SELECTION, selectionAtom } from '../selection';
import type { Chain, Contact } from '../types';

const GROUP_CHAT: Contact = { id: GROUP_CHAT_ID, name: '', detail: null, subgroup: null };

/** A teacher's students or a student's teachers as the contact list shows them. */
function contactsFrom(
  user: SessionUser,
  people: { students: StudentItem[]; teachers: TeacherItem[] },
) {
  const contacts: Contact[] =
    user.role === ROLE.teacher
      ? people.students.map((s) => ({
          id: s.id_student,
          name: s.fullName,
          detail: null,
          subgroup: s.id_subgroup,
        }))
      : people.teachers.map((t) => ({
          id: t.id_teacher,
          name: t.fullName,
          detail: t.lessonTypes.join(', '),
          subgroup: null,
        }));
  return [...contacts, GROUP_CHAT];
}

async function contactsOf(user: SessionUser, body: Parameters<typeof students>[0]) {
  return user.role === ROLE.teacher
    ? contactsFrom(user, { students: await students(body), teachers: [] })
    : contactsFrom(user, { students: [], teachers: await teachers(body) });
}

/**
 * The first screen's parts, each under the key of the query that asks for it alone (the kit's
 * current year and ws included), for the first item of each list: the chain's queries find them
 * there instead of asking one after the other.
 */
function seedStart(client: QueryClient, user: SessionUser, start: ChainStartResponse) {
  const uid = user.uid;
  client.setQueryData(currentTermKeys.year, start.year);
  client.setQueryData(currentTermKeys.ws, start.ws);
  const base = { uid, year: start.year.id_a_year, ws: start.ws.ws };
  client.setQueryData(chainKeys.list(uid, 'disciplines', base), start.disciplines);
  const discipline = start.disciplines[0];
  if (!discipline) return;
  const withDiscipline = {
    ...base,
    id_discipline: discipline.id_discipline,
    kredit: discipline.kredit,
    isSelect: discipline.isSelect,
  };
  client.setQueryData(chainKeys.list(uid, 'semesters', withDiscipline), start.semesters);
  const semester = start.semesters[0];
  if (!semester) return;
  const withSemester = { ...withDiscipline, id_semester: semester.id_semester };
  client.setQueryData(chainKeys.list(uid, 'groups', withSemester), start.groups);
  const group = start.groups[0];
  if (!group) return;
  const withGroup = { ...withSemester, id_group: group.id_group };
  client.setQueryData(chainKeys.list(uid, 'contacts', withGroup), contactsFrom(user, start));
}

/**
 * The chat's filter chain (spec §4): the current semester, then disciplines → semesters →
 * groups → contacts, each list asked once its step before is known. Every exposed pane calls
 * it; the cache asks the server once for all of them, and an answer to an earlier choice lands
 * under that choice's key, never on the current one. The first screen (the first item of each
 * list) comes first in one answer (chain/start.json); when it fails, each list is asked by its
 * own call as before, whose failure then shows where.
 */
export function useChain() {
  const { user } = useSession();
  const stored = useAtomValue(selectionAtom, { store: lmsStore });
  const selection = stored.uid === user?.uid ? stored : EMPTY_SELECTION;
  const uid = user?.uid ?? 0;
  const client = useQueryClient();

  // Asked once while the page's cache lives: later the lists keep themselves fresh.
  const start = useQuery({
    queryKey: chainKeys.start(uid),
    queryFn: user
      ? async ({ signal }) => {
          try {
            const answer = await chainStart({});
            // Cancelled on its way (a language switch): its parts are in the old language.
            if (signal.aborted) return false;
            seedStart(client, user, answer);
            return true;
          } catch {
            return false;
          }
        }
      : skipToken,
    staleTime: Infinity,
  });
  // The lists are asked alone only once the first screen's answer is in (or failed).
  const lists = user && !start.isPending ? listsFor(user) : null;

  const { ws, year } = useCurrentTerm();
  const base =
    ws.data && year.data ? { uid, year: year.data.id_a_year, ws: ws.data.ws } : undefined;

  const disciplines = useQuery({
    queryKey: chainKeys.list(uid, 'disciplines', base),
    queryFn: lists && base ? () => lists.disciplines(base) : skipToken,
  });
  const discipline: DisciplineItem | null =
    disciplines.data?.find(
      (d) =>
        d.id_discipline === selection.discipline?.id_discipline &&
        d.isSelect === selection.discipline.isSelect,
    ) ??
    disciplines.data?.[0] ??
    null;
  const withDiscipline =
    base && discipline
      ? {
          ...base,
          id_discipline: discipline.id_discipline,
          kredit: discipline.kredit,
          isSelect: discipline.isSelect,
        }
      : undefined;

  const semesters = useQuery({
    queryKey: chainKeys.list(uid, 'semesters', withDiscipline),
    queryFn: lists && withDiscipline ? () => lists.semesters(withDiscipline) : skipToken,
  });
  const semester =
    semesters.data?.find((s) => s.id_semester === selection.semester)?.id_semester ??
    semesters.data?.[0]?.id_semester ??
    null;
  const withSemester =
    withDiscipline && semester !== null ? { ...withDiscipline, id_semester: semester } : undefined;

  const groups = useQuery({
    queryKey: chainKeys.list(uid, 'groups', withSemester),
    queryFn: lists && withSemester ? () => lists.groups(withSemester) : skipToken,
  });
  const group: GroupItem | null =
    groups.data?.find((g) => g.id_group === selection.group) ?? groups.data?.[0] ?? null;
  const withGroup =
    withSemester && group ? { ...withSemester, id_group: group.id_group } : undefined;

  const contacts = useQuery({
    queryKey: chainKeys.list(uid, 'contacts', withGroup),
    queryFn: user && lists && withGroup ? () => contactsOf(user, withGroup) : skipToken,
  });

  const chain: Chain | null =
    base && discipline
      ? {
          year: base.year,
          ws: base.ws,
          id_discipline: discipline.id_discipline,
          kredit: discipline.kredit,
          isSelect: discipline.isSelect,
        }
      : null;

  const steps = [ws, year, disciplines, semesters, groups, contacts];
  const failed = steps.find((step) => step.isError);
  // A step with an empty list ends the chain: there are no contacts to wait for.
  const chainEmpty =
    disciplines.data?.length === 0 || semesters.data?.length === 0 || groups.data?.length === 0;

  return {
    user,
    chain,
    ws: ws.data ?? null,
    disciplines: disciplines.data ?? [],
    discipline,
    /** The discipline list: loading until it (and the current semester) arrived. */
    status: failed
      ? ('failed' as const)
      : disciplines.isSuccess
        ? ('ready' as const)
        : ('loading' as const),
    error: failed?.error ?? null,
    semesters: semesters.data ?? [],
    semester,
    groups: groups.data ?? [],
    group,
    subgroup: selection.subgroup,
    contacts: contacts.data ?? [],
    contactsStatus: failed
      ? ('failed' as const)
      : contacts.isSuccess || chainEmpty
        ? ('ready' as const)
        : ('loading' as const),
    /** Asks again whatever failed. */
    retry: () => client.invalidateQueries({ queryKey: chainKeys.all(uid) }),
  };
}

export type ChainView = ReturnType<typeof useChain>;
