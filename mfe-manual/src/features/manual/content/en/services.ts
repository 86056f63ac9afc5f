import type { Manual } from '../types';

/** The manual in English: documents, individual workload, webinars. */
export const services: Pick<Manual, 'documents' | 'workload' | 'webinars' | 'staffaccess'> = {
  documents: {
    section: 'documents',
    title: 'Documents',
    purpose:
      'Every document the portal issued to a person: transcripts, certificates of study and payment receipts, with their status and verification page.',
    roles: {
      student: {
        tasks: [
          {
            title: 'See your documents',
            steps: [
              'The list shows each document the portal issued to you: its kind and number, the date it was issued and its language.',
              '“Valid” means the document holds. A revoked one shows the date and the reason; a superseded one names the document that replaced it.',
            ],
          },
          {
            title: 'Download or check a document',
            steps: [
              'Press “Download PDF” for the document’s file.',
              '“Verification page” opens the page anyone can reach from the document’s QR code to check that it is genuine and still valid.',
              'A transcript is printed in the language you choose: press “Open the transcript”.',
            ],
          },
        ],
        refusals: [
          {
            says: 'The portal has issued you no documents yet.',
            means:
              'Order a certificate of study in the Single window; the transcript is printed on its own screen.',
          },
        ],
      },
      teacher: {
        tasks: [
          {
            title: 'See the documents issued to you',
            steps: [
              'The list shows the documents the portal issued to you, with their date, language and status.',
              'Press “Download PDF” for a file, or “Verification page” to check it.',
            ],
          },
        ],
      },
      registrar: {
        tasks: [
          {
            title: 'Find a person’s documents',
            steps: [
              'Type the student’s name or group (at least two letters; every word must match) and press “Find”.',
              'Each person found is listed with every document issued to them and its status.',
            ],
          },
          {
            title: 'Revoke a document',
            steps: [
              'Press “Revoke” on the document and write the reason: it is shown on the verification page and to the holder.',
              'Press “Revoke” and confirm. This cannot be undone.',
            ],
          },
        ],
        refusals: [
          {
            says: 'Give the reason for revoking (at least 3 characters)',
            means: 'A document is revoked only with its reason: write it, then revoke.',
          },
          {
            says: 'This document has already been revoked',
            means: 'Someone revoked it a moment before you: there is nothing more to do.',
          },
        ],
      },
    },
  },
  workload: {
    section: 'workload',
    title: 'Individual workload',
    purpose:
      'A teacher’s plan of hours for the academic year against the hours taught by the journal; the registrar’s office compares a department’s teachers and adjusts a plan.',
    roles: {
      teacher: {
        tasks: [
          {
            title: 'Read your plan',
            steps: [
              'The totals show your planned hours for the year, the hours taught and what remains.',
              'The table lists each discipline, lesson type and group, planned against taught: “under plan”, “on plan” or “over plan”. A “*” marks a row the registrar’s office adjusted; the history of changes says why.',
              '“By week” compares the hours taught with the timetable, week by week.',
            ],
          },
          {
            title: 'Keep a copy',
            steps: ['Press “Download as Excel” for the plan as a workbook.'],
          },
        ],
        refusals: [
          {
            says: 'No teaching assignments for this academic year.',
            means: 'The department has assigned you no teaching this year: ask the department.',
          },
          {
            says: 'No lessons in the journal yet.',
            means: 'Taught hours are counted from the lessons kept in the journal.',
          },
        ],
      },
      registrar: {
        tasks: [
          {
            title: 'Compare a department’s teachers',
            steps: [
              'Choose the department: its teachers are listed with their planned and taught hours, the department’s total below.',
              'Press “Download the department’s workload as Excel” for the workbook.',
            ],
          },
          {
            title: 'Adjust a teacher’s plan',
            steps: [
              'Press “Open the plan” beside a teacher: the plan opens below the list.',
              'Press “Adjust” on a row, enter the new planned hours and the reason, and press “Save”.',
              'The change is kept under “History of plan changes”: old and new hours, the reason, who and when.',
            ],
          },
        ],
        refusals: [
          {
            says: 'Write why the plan is changed',
            means: 'A plan is changed only with its reason: write it, then save.',
          },
          {
            says: 'The plan already has these hours: enter another number',
            means: 'The hours entered are the row’s hours already: there is nothing to change.',
          },
        ],
      },
    },
  },
  webinars: {
    section: 'webinars',
    title: 'Webinars',
    purpose:
      'Online lessons: a teacher schedules one for a group, students join from the portal, and who joined is kept.',
    roles: {
      student: {
        tasks: [
          {
            title: 'Join an online lesson',
            steps: [
              '“My group’s webinars” lists the online lessons from today on: discipline, time and teacher.',
              'A webinar opens 15 minutes before it starts; then press “Join”. The portal notes that you joined.',
              'In the portal’s own room allow the camera and microphone; on BigBlueButton press “Open the webinar in BigBlueButton”.',
            ],
          },
          {
            title: 'In the room: a hand, the chat, the recordings',
            steps: [
              'Press “Raise hand” to ask to speak: the teacher sees the raised hands in the order they were raised; press “Lower hand” when you are done.',
              '“Chat” beside the call is for the room’s people while it is open: type under “Message to the room” and press “Send”.',
              'After a webinar on BigBlueButton its recordings are listed under “Recordings” (a few minutes after the end); webinars in the portal’s own room are not recorded.',
            ],
          },
        ],
        refusals: [
          {
            says: 'The webinar opens 15 minutes before it starts',
            means: 'Come back closer to the start time.',
          },
          {
            says: 'This webinar is not for your group',
            means: 'Only the group it was scheduled for may join it.',
          },
          {
            says: 'No camera or microphone: the others do not see or hear you, but you see and hear them.',
            means:
              'Allow the camera and microphone in the browser (or connect them) and enter again.',
          },
        ],
      },
      teacher: {
        tasks: [
          {
            title: 'Schedule an online lesson',
            steps: [
              'Under “Schedule an online lesson” choose the group and discipline, the start (the university’s time) and the duration.',
              'Press “Schedule”: the lesson appears in your list and the group’s.',
            ],
          },
          {
            title: 'Run the lesson',
            steps: [
              'When the webinar is open, press “Start the webinar”.',
              'The portal’s own room takes up to 8 participants; press “Share the screen” to show yours.',
              '“Who joined” lists the group’s students and when each joined.',
            ],
          },
          {
            title: 'Raised hands, the chat and the journal',
            steps: [
              '“Raised hands” lists the students who want to speak, the first raised first; the chat beside the call is the room’s.',
              'After the lesson press “Mark joined students in the journal” and confirm: those who joined are marked present in the journal for that day; marks you have already given stay as they are.',
              'The answer says how many were marked now and how many were already in the journal.',
            ],
          },
          {
            title: 'Cancel a webinar',
            steps: ['Press “Cancel the webinar” and confirm: the group sees it cancelled.'],
          },
        ],
        refusals: [
          {
            says: 'You do not teach this discipline to this group',
            means: 'Webinars are scheduled only for the groups and disciplines you teach.',
          },
          {
            says: 'The group already has a webinar at this time',
            means: 'Choose another time.',
          },
          {
            says: 'The room is full: 8 participants at most',
            means:
              'The portal’s own room is for small groups; larger ones need the university’s BigBlueButton.',
          },
        ],
      },
    },
  },
  staffaccess: {
    section: 'staffaccess',
    title: 'Staff rights',
    purpose:
      "The registrar's office grants and revokes staff rights: the quality office (questionnaires) and the department head. Every change is written to the audit trail.",
    roles: {
      registrar: {
        tasks: [
          {
            title: 'Grant a right',
            steps: [
              'The screen opens on the list of who holds a right now.',
              'Find the staff member by surname, name or department and press "Find".',
              'On their card press "Grant" beside the right. It works from their next page.',
            ],
          },
          {
            title: 'Revoke a right',
            steps: [
              'Press "Revoke" beside the right on the staff member\'s card and confirm in the question.',
              'The right stops working at once; the change stays in the audit trail.',
            ],
          },
        ],
        refusals: [
          {
            says: 'You cannot change your own rights',
            means: "Another staff member of the registrar's office changes them.",
          },
          {
            says: 'Nobody found',
            means: 'Check the spelling or search by department. Students are not listed here.',
          },
        ],
      },
    },
  },
};
