import type {
  OptionalPermissionResponse,
  PlanDiscipline,
  RegListResponse,
  WaitlistStatusResponse,
} from '@lms/shared/contract';
import type { Language } from '../../lib/catalogue-names.js';
import { refusalText } from './messages.js';
import type { RegistrationRepository } from './repository.js';
import {
  courseOf,
  electivesRefusal,
  semesterCredits,
  type Refusal,
  type StudentPlace,
  type Term,
} from './rules.js';
import type { WaitlistRepository } from './waitlist-repository.js';
import { toPlan, toRegistrations, toRegWindow, toWaitlistEntries } from './wire.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** A stored refusal code as the student reads it (a skip keeps the code, not its values). */
function reasonText(lang: Language) {
  return (code: string) => refusalText({ code } as Refusal)[lang];
}

/**
 * The answers of the student's screens that several calls share (each call's own and start.json,
 * which joins them): their reads, put together in the contract's shapes. No HTTP, no SQL.
 */
export function createStudentPages(deps: {
  registration: RegistrationRepository;
  waitlist: WaitlistRepository;
  creditLimit: number;
  clock: () => number;
  declineMs: number;
}) {
  const { registration, waitlist, clock } = deps;
  return {
    /** getreglist's answer: registrations, mandatory plan, the semester's credits and window. */
    async regList(lang: Language, student: StudentPlace, term: Term): Promise<RegListResponse> {
      const [list, plan, load, window] = await Promise.all([
        registration.list(lang, student.studentId, term),
        registration.plan(lang, student, term, 0),
        registration.semesterLoad(student, term),
        registration.window(student, term),
      ]);
      return {
        items: toRegistrations(list.registrations, list.lessons),
        plan: plan.map(toPlan),
        // The semester's whole load, the number the credit limit is checked against.
        kredits: semesterCredits(load),
        kreditLimit: deps.creditLimit,
        window: toRegWindow(window, clock()),
      };
    },

    /** May the student choose electives this term (optional/permission), and the electives. */
    async electives(
      lang: Language,
      student: StudentPlace,
      term: Term,
    ): Promise<{ permission: OptionalPermissionResponse; electives: PlanDiscipline[] | null }> {
      const [window, electives] = await Promise.all([
        registration.window(student, term),
        registration.plan(lang, student, term, 1),
      ]);
      const refusal = electivesRefusal(electives.length, window, clock());
      return refusal
        ? { permission: { allowed: false, reason: refusalText(refusal)[lang] }, electives: null }
        : { permission: { allowed: true, reason: null }, electives: electives.map(toPlan) };
    },

    /** The student's lists, holds and appointment of a term (waitlist/status, start.json). */
    async waitlistStatus(
      lang: Language,
      student: StudentPlace,
      term: Term,
    ): Promise<WaitlistStatusResponse> {
      const now = clock();
      const [rows, holds, opensAt, group] = await Promise.all([
        waitlist.studentLists(lang, student.studentId, term),
        waitlist.holds(student.studentId, term.yearId),
        waitlist.appointment(student, term),
        waitlist.admissionYear(student.groupId),
      ]);
      return {
        entries: toWaitlistEntries(rows, reasonText(lang), deps.declineMs, now),
        holds: [
          ...(holds.tuitionUnpaid
            ? [{ kind: 'tuition' as const, text: refusalText({ code: 'tuitionHold' })[lang] }]
            : []),
          ...holds.manual.map((note) => ({
            kind: 'manual' as const,
            text: refusalText({ code: 'hold', note })[lang],
          })),
        ],
        appointment:
          opensAt === null
            ? null
            : {
                opensAt: iso(opensAt),
                open: now >= opensAt,
                course: courseOf(term.yearId, group ?? term.yearId),
              },
        now: iso(now),
      };
    },
  };
}

export type StudentPages = ReturnType<typeof createStudentPages>;
