import type { Manual } from '../types';

/** The manual in English: testing, records, questionnaires, rooms, profile. */
export const records: Pick<
  Manual,
  'testing' | 'statement' | 'rating' | 'questionnaire' | 'rooms' | 'profile'
> = {
  testing: {
    section: 'testing',
    title: 'Testing',
    purpose: 'Online tests: teachers build question banks and tests; students take them.',
    roles: {
      student: {
        tasks: [
          {
            title: 'Take a test',
            steps: [
              'The list shows the tests open to you, their window and attempts left. Press “Start”.',
              'Answer each question: answers are saved as you go (“Saved”). The clock shows the time left.',
              'Press “Submit” and confirm. The result shows at once; essays are graded later.',
            ],
          },
        ],
        refusals: [
          {
            says: 'Time is up. The attempt is closed.',
            means: 'Answers saved before the end count; nothing more can be changed.',
          },
          {
            says: 'No tests are open to you now.',
            means: 'The teacher has not opened a test to your group, or its window is over.',
          },
        ],
      },
      teacher: {
        tasks: [
          {
            title: 'Build a question bank',
            steps: [
              'Choose your discipline, add a topic, then add questions of any type (single or multiple choice, numeric, matching, essay…).',
              'Or import a Moodle GIFT file under “Import a GIFT file”.',
            ],
          },
          {
            title: 'Create and open a test',
            steps: [
              'Under “New test” give the time limit, attempts, grading and pass mark, and how many questions to draw from each topic.',
              'Choose a group with the opening and closing times and press “Open to the group”.',
            ],
          },
          {
            title: 'Grade and review',
            steps: ['Under “Results” open an attempt to review it and grade essays.'],
          },
        ],
      },
    },
  },
  statement: {
    section: 'statement',
    title: 'Electronic statement',
    purpose:
      'The end-of-semester statement: current score from the journal, exam or credit points, the final score and grade.',
    roles: {
      student: {
        tasks: [
          {
            title: 'See your grades',
            steps: ['The table lists your line of each statement: scores, letter and grade.'],
          },
        ],
        refusals: [
          {
            says: 'Not admitted: absences',
            means:
              'Your attendance is below the journal’s threshold: talk to your teacher or dean’s office.',
          },
          {
            says: 'Not admitted: unpaid tuition',
            means: 'Pay the tuition (see Payment code); the office then admits you.',
          },
        ],
      },
      teacher: {
        tasks: [
          {
            title: 'Fill in and sign a statement',
            steps: [
              'Open a statement from “My statements”: current scores come from the journal.',
              'Enter the exam or credit points (whole numbers up to 40) and press “Save points”.',
              'Press “Sign” and confirm: signed points can no longer be changed.',
            ],
          },
        ],
        refusals: [
          {
            says: 'Save the points before signing.',
            means: 'Unsaved points would be lost: save first, then sign.',
          },
          {
            says: 'overdue',
            means: 'The signing deadline has passed: sign as soon as possible.',
          },
        ],
      },
      registrar: {
        tasks: [
          {
            title: 'Confirm and lock',
            steps: [
              'Open a signed statement; “Signature: valid” means its content is as signed.',
              'Press “Confirm”: the grades go into the students’ records.',
              '“Lock” makes a confirmed statement final.',
            ],
          },
        ],
        refusals: [
          {
            says: 'Does not match the content',
            means: 'The statement changed after it was signed: do not confirm; ask the teacher.',
          },
        ],
      },
    },
  },
  rating: {
    section: 'rating',
    title: 'Rating',
    purpose:
      'Your place in the group, the course and the faculty by your credit-weighted grade point average.',
    roles: {
      student: {
        tasks: [
          {
            title: 'See your place',
            steps: [
              'The screen shows your average and your place in the group, course and faculty.',
              'Students with the same average share a place.',
            ],
          },
        ],
        refusals: [
          {
            says: 'Your record has no grades yet.',
            means: 'The rating counts confirmed grades only.',
          },
        ],
      },
    },
  },
  questionnaire: {
    section: 'questionnaire',
    title: 'Questionnaire',
    purpose:
      'Course evaluations: students rate the semester’s disciplines and teachers anonymously.',
    roles: {
      student: {
        tasks: [
          {
            title: 'Answer a questionnaire',
            steps: [
              'Press “Answer” beside a discipline and teacher.',
              'Answer at least one item and press “Send”. Your answer cannot be linked to you.',
            ],
          },
        ],
        refusals: [{ says: 'Answer at least one item.', means: 'An empty answer is not sent.' }],
      },
      teacher: {
        tasks: [
          {
            title: 'Read the results',
            steps: [
              'Results of your disciplines are shown by question.',
              'They appear only once enough students have answered.',
            ],
          },
        ],
        refusals: [
          {
            says: 'Not enough answers to show',
            means: 'Fewer students answered than the threshold, so their anonymity is kept.',
          },
        ],
      },
      registrar: {
        tasks: [
          {
            title: 'Open a questionnaire',
            steps: [
              'Press “Open” on a questionnaire and choose the year, semester, dates and the results threshold.',
              'Confirm: it opens for every discipline of the semester.',
              'Follow the response rate by faculty, discipline and teacher.',
            ],
          },
        ],
      },
    },
  },
  rooms: {
    section: 'rooms',
    title: 'Rooms',
    purpose:
      'Find a free room now or for a day and lesson period; teachers book a room for their group.',
    roles: {
      student: {
        tasks: [
          {
            title: 'Find a free room',
            steps: [
              'Leave the date empty for today, choose a lesson period (or “Now”), the seats and equipment, and press “Find”.',
              'Open a room to see its week.',
            ],
          },
        ],
      },
      teacher: {
        tasks: [
          {
            title: 'Book a room',
            steps: [
              'Find a free room, then press “Book” on it.',
              'Choose the group and discipline and what it is for (extra lesson, consultation, exam), then “Confirm the booking”.',
              'The booking appears in your and the group’s timetable and calendar feed.',
            ],
          },
          {
            title: 'Cancel a booking',
            steps: ['Under “My bookings” press “Cancel the booking”: the group is told.'],
          },
        ],
        refusals: [
          {
            says: 'The room is already taken at this time',
            means: 'Someone booked the room a moment before you: search again and choose another.',
          },
          {
            says: 'The group already has a lesson at this time',
            means: 'You or the group have a lesson then: choose another period.',
          },
          {
            says: 'The room has too few seats for the whole group',
            means: 'Search again with at least as many seats as the group has students.',
          },
        ],
      },
      registrar: {
        tasks: [
          {
            title: 'Keep the room list',
            steps: [
              'Under “All rooms” press “New room” or “Edit”: number, building, seats and equipment, then “Save the room”.',
            ],
          },
        ],
      },
    },
  },
  profile: {
    section: 'profile',
    title: 'Profile and password',
    purpose: 'Your personal data held by the university, and your password.',
    roles: {
      student: {
        tasks: [
          {
            title: 'Check your data',
            steps: [
              'Open Profile from the profile menu: name, group, speciality and faculty.',
              'Data that is wrong is corrected by the dean’s office, not here.',
            ],
          },
          {
            title: 'Change your password',
            steps: [
              'Type the old password, the new one twice, and press “Change password”.',
              'Your sessions on other devices end.',
            ],
          },
        ],
        refusals: [
          {
            says: 'at least one digit, one uppercase and one lowercase letter',
            means: 'The new password is too weak: make it longer and mix letters and digits.',
          },
          { says: 'Passwords do not match', means: 'Type the same new password twice.' },
        ],
      },
      teacher: {
        tasks: [
          {
            title: 'Check your data and password',
            steps: [
              'Profile shows your position and department.',
              'Change the password as students do: old one, new one twice.',
            ],
          },
        ],
      },
      registrar: {
        tasks: [
          {
            title: 'Your password',
            steps: ['Change it on the Profile page; a strong password protects students’ data.'],
          },
        ],
      },
    },
  },
};
