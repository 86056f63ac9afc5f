import type { Manual } from '../types';

/** The manual in English: news, chat, journal, QR check-in, timetable, materials, library. */
export const study: Pick<
  Manual,
  'news' | 'chat' | 'journal' | 'markhistory' | 'qr' | 'schedule' | 'umk' | 'library'
> = {
  news: {
    section: 'news',
    title: 'News',
    purpose:
      'Announcements of the university and its faculties, newest first. The home page shows the same feed.',
    roles: {
      student: {
        tasks: [
          {
            title: 'Read the news',
            steps: [
              'Open News from the menu, or read the feed on the home page.',
              'Press “Load more” at the end of the list for older items.',
              'Open an attachment by its name: a PDF opens in a new tab, other files download.',
            ],
          },
        ],
      },
      teacher: {
        tasks: [
          {
            title: 'Read the news',
            steps: [
              'Open News from the menu; news for teachers and for everyone is shown.',
              'Files you opened once stay readable offline.',
            ],
          },
        ],
      },
      registrar: {
        tasks: [
          {
            title: 'Publish news',
            steps: [
              'Write the text under “Post news”.',
              'Choose who reads it: everyone, teachers or students, and the faculty (or all).',
              'Attach files if needed, then press “Publish”.',
            ],
          },
          {
            title: 'Edit or delete an item',
            steps: [
              'Press “Edit text” under the item, change it and press “Save”.',
              'Press “Delete” and confirm: the item’s files are deleted with it.',
            ],
          },
        ],
        refusals: [
          { says: 'Enter the news text', means: 'An item needs a text; files alone are not news.' },
          {
            says: 'The files are too large',
            means: 'The attachments together exceed the portal’s upload limit: leave some out.',
          },
        ],
      },
    },
  },
  chat: {
    section: 'chat',
    title: 'Chat',
    purpose:
      'Messages between teachers and students of a discipline: to one person or to the whole group.',
    roles: {
      student: {
        tasks: [
          {
            title: 'Write to a teacher or the group',
            steps: [
              'Choose a discipline in the Disciplines pane (on a phone: Messages).',
              'Choose a person in Contacts, or “Group chat”.',
              'Type the message, attach files if needed and press “Send”.',
            ],
          },
          {
            title: 'Find unread messages',
            steps: [
              'The number beside Messages counts unread messages; each contact shows its own.',
              'Press “Mark all read” in a conversation to clear its count.',
            ],
          },
        ],
        refusals: [
          {
            says: 'Not sent yet: it goes when the network is back',
            means: 'You are offline. The message waits on this device and is sent by itself later.',
          },
          {
            says: 'Files are too large',
            means: 'A message carries files up to the size shown: send fewer or smaller files.',
          },
        ],
      },
      teacher: {
        tasks: [
          {
            title: 'Write to a student or a group',
            steps: [
              'Choose the semester and a discipline, then the group and (if any) the subgroup.',
              'Choose a student, or “Group chat” to write to everyone in the group.',
              'Type the message and press “Send”. You may delete your own message.',
            ],
          },
        ],
      },
    },
  },
  journal: {
    section: 'journal',
    title: 'Journal of lessons',
    purpose:
      'Attendance and grades by lesson. Teachers keep it for their groups; students read their own marks.',
    roles: {
      student: {
        tasks: [
          {
            title: 'See your attendance and marks',
            steps: [
              'Open the Journal and choose a discipline.',
              'Each lesson shows its date and your mark: present, absent or a grade.',
              'The line under the table sums up absences, hours, the average and attendance.',
            ],
          },
        ],
        refusals: [
          {
            says: 'You have no disciplines this semester.',
            means: 'You are not registered for any discipline yet: see Discipline registration.',
          },
          {
            says: 'No marks in this discipline yet.',
            means: 'The teacher has not added a lesson of this discipline yet.',
          },
        ],
      },
      teacher: {
        tasks: [
          {
            title: 'Open a journal',
            steps: [
              'Choose the academic year and semester, the discipline, the group (or subgroup) and the lesson type.',
              'The grid lists the students down and the lessons across, with totals at the end.',
            ],
          },
          {
            title: 'Add a lesson and mark attendance',
            steps: [
              'Press “Add a lesson”, choose the date and the lesson number, then “Add”: every student starts as present.',
              'In a cell type a digit for a grade, “n” or “a” for an absence; Delete clears the cell.',
              'Arrow keys, Tab and Enter move between cells; each change is saved at once (“Saved”).',
            ],
          },
          {
            title: 'Record the topic and download the journal',
            steps: [
              'Press a lesson’s date to open its topic and module; type them and press “Save”.',
              'Press “Download Excel” or “Download CSV” for a copy of the grid.',
            ],
          },
        ],
        refusals: [
          {
            says: 'Not saved',
            means: 'The mark did not reach the server: press the cell’s “Save again” when online.',
          },
          {
            says: 'The student checked in by QR code',
            means: 'Marking them absent overrides their QR check-in: confirm only if they left.',
          },
          {
            says: 'view only, they change its marks, topic and list',
            means: 'A colleague gave this lesson: only they can change it.',
          },
        ],
      },
    },
  },
  markhistory: {
    section: 'markhistory',
    title: 'Mark history',
    purpose:
      "Every change of a student's marks in the journal: who made it, from what to what, and when. The registrar's office reads any student's; students read their own from the Journal.",
    roles: {
      registrar: {
        tasks: [
          {
            title: "Read a student's mark history",
            steps: [
              'Open Discipline registration and find the student in Holds (by surname, name or group), or find them in the list of holds.',
              "Press “Mark history” beside the student's name.",
              "Each change shows its discipline and lesson, the mark before and after, who made it and when (the university's time), newest first.",
            ],
          },
        ],
        refusals: [
          {
            says: 'No changes of marks are recorded yet.',
            means: "No teacher has set or changed this student's marks since the trail began.",
          },
        ],
      },
    },
  },
  qr: {
    section: 'qr',
    title: 'QR check-in',
    purpose:
      'Students mark their own attendance by scanning the lesson’s QR code in the room; the journal gets the mark.',
    roles: {
      student: {
        tasks: [
          {
            title: 'Check in to a lesson',
            steps: [
              'In the Timetable, press “Check in by QR code” on the running lesson.',
              'Allow the camera and your location, then point the camera at the code on the classroom screen, or type the 6-digit code beside it.',
              'The first time, register this phone with its passkey (fingerprint, face or screen PIN).',
              '“Checked in” confirms the mark in the journal.',
            ],
          },
        ],
        refusals: [
          {
            says: 'The QR code has expired',
            means: 'The code changes every few seconds: scan the one on the screen now.',
          },
          {
            says: 'You are not in the lesson’s room',
            means: 'Check-in works only inside the room: come in, turn on GPS and try again.',
          },
          {
            says: 'You can check in only during the lesson',
            means:
              'The check-in window has not opened yet or is over; ask the teacher to mark you.',
          },
          {
            says: 'Another student has already checked in from this device',
            means: 'One phone checks in one student per lesson: use your own phone.',
          },
        ],
      },
      teacher: {
        tasks: [
          {
            title: 'Run QR check-in',
            steps: [
              'In the Timetable, press “Show the QR code” on the lesson.',
              'Press “Open the projector view” and show that tab on the classroom screen.',
              'Keep the list on your own device: it shows who checked in, by QR code or by hand.',
              'Mark a student present or absent by hand when needed; “Close QR check-in” ends it.',
            ],
          },
        ],
        refusals: [
          {
            says: 'The QR code opens at',
            means: 'Check-in opens shortly before the lesson starts; come back then.',
          },
        ],
      },
    },
  },
  schedule: {
    section: 'schedule',
    title: 'Timetable',
    purpose:
      'The week’s lessons by day and lesson number, with rooms and bookings. It works offline too.',
    roles: {
      student: {
        tasks: [
          {
            title: 'Read this week’s lessons',
            steps: [
              'Open the Timetable: the line on top says whether this week is odd or even.',
              'Lessons of the other week are folded under each day.',
              'A room’s name opens the room’s week; extra lessons and exams booked for your group are listed too.',
            ],
          },
          {
            title: 'Put the timetable in your calendar app',
            steps: [
              'Under “Calendar” download the .ics file, or copy the subscription address into your calendar app.',
              'Keep the link private; “Revoke the link” stops calendars that use it.',
            ],
          },
        ],
        refusals: [
          {
            says: 'No connection to the server: showing the copy saved on',
            means: 'You are offline; the timetable is the one saved on that date.',
          },
          {
            says: 'There are no lessons in the timetable this semester',
            means: 'Your group has no timetable yet, or you are in no group this semester.',
          },
        ],
      },
      teacher: {
        tasks: [
          {
            title: 'Read your week and run a lesson',
            steps: [
              'Open the Timetable to see your lessons, groups and rooms for this week.',
              'Press “Show the QR code” on a lesson to let students check in.',
              'Rooms you booked appear under “Booked rooms”.',
            ],
          },
        ],
      },
    },
  },
  umk: {
    section: 'umk',
    title: 'Teaching materials (UMK)',
    purpose: 'The materials of each discipline by semester: lectures, syllabi and guidelines.',
    roles: {
      student: {
        tasks: [
          {
            title: 'Find a discipline’s materials',
            steps: [
              'Choose the semester and the discipline.',
              'Open a material by its name; “new” marks recently added ones.',
            ],
          },
        ],
      },
      teacher: {
        tasks: [
          {
            title: 'Add a material',
            steps: [
              'Choose the semester and your discipline, then press “Add a material”.',
              'Give its name, type, form of control and audience, and choose the file.',
              'Tick “Also in the e-library” to list it there too, then press “Save”.',
            ],
          },
          {
            title: 'Edit or delete a material',
            steps: ['Press “Edit” or “Delete” beside it; deleting asks you to confirm.'],
          },
        ],
        refusals: [
          {
            says: 'Choose the type of material',
            means: 'Every required field (name, type, file) must be filled before saving.',
          },
        ],
      },
    },
  },
  library: {
    section: 'library',
    title: 'E-library',
    purpose: 'E-books by category, searchable by name and author.',
    roles: {
      student: {
        tasks: [
          {
            title: 'Find a book',
            steps: [
              'Choose a category and subcategory, or type a name or author in Search and press “Find”.',
              'Open the book by its title; the list pages go forward with “Next”.',
            ],
          },
        ],
        refusals: [
          {
            says: 'The search found nothing, showing all files',
            means: 'No book matches: try fewer words or search by author.',
          },
        ],
      },
      teacher: {
        tasks: [
          {
            title: 'Add a book',
            steps: [
              'Press “Add a book”, fill in name, author, pages and category, choose the file and save.',
              'Only the person who uploaded a book can edit or delete it.',
            ],
          },
        ],
        refusals: [
          {
            says: 'Only the person who uploaded this book can delete it',
            means: 'Ask the colleague who added it.',
          },
        ],
      },
    },
  },
};
