import type { Manual } from '../types';

/** The manual in English: registration, payments, documents, transcript. */
export const office: Pick<Manual, 'registration' | 'paymentcode' | 'singlewindow' | 'transcript'> =
  {
    registration: {
      section: 'registration',
      title: 'Discipline registration',
      purpose:
        'Students choose the teacher and stream of their mandatory disciplines and electives for the coming semester.',
      roles: {
        student: {
          tasks: [
            {
              title: 'Register for a discipline',
              steps: [
                'Choose the academic year and semester; the line on top says when registration is open.',
                'Under “Mandatory disciplines” or “Electives” choose the discipline, the teacher and the stream.',
                'Press “Register”. The credits line shows how many credits you have of the limit.',
              ],
            },
            {
              title: 'A full stream: the waiting list',
              steps: [
                'Press “Join the waiting list”: you get a position.',
                'When a seat frees up you are registered at once and told so.',
                '“Leave the list” gives your place up; joining again puts you at the end.',
              ],
            },
          ],
          refusals: [
            {
              says: 'Registration is closed',
              means:
                'Outside the registration period nothing is saved; the dates are on the screen.',
            },
            {
              says: 'Your registration slot opens at',
              means: 'Your year of study registers from that time: wait for the countdown.',
            },
            {
              says: 'Registration is on hold',
              means:
                'The registrar’s office has blocked your registration (often unpaid tuition): read the note, settle it, and the office lifts the hold.',
            },
            {
              says: 'Stream full',
              means: 'No seats are left: choose another stream or join its waiting list.',
            },
          ],
        },
        teacher: {
          tasks: [
            {
              title: 'See who registered',
              steps: [
                'The table lists your streams with seats taken and left.',
                'Press “Students” for the list, “Waiting list” for those waiting; each downloads as CSV.',
              ],
            },
          ],
        },
        registrar: {
          tasks: [
            {
              title: 'Follow the streams',
              steps: [
                'The “Every stream” table shows seats and waiting lists; type in the filter to find a discipline, teacher or stream.',
              ],
            },
            {
              title: 'Set or lift a hold',
              steps: [
                'Under “Holds” type at least 2 letters of the name or group and choose the student.',
                'Write the reason the student will read and press “Set a hold”; “Lift” removes it.',
              ],
            },
            {
              title: 'Set registration slots',
              steps: [
                'Under “Registration slots” choose a year of study and the time it may start registering, then “Save the slot”.',
              ],
            },
          ],
        },
      },
    },
    paymentcode: {
      section: 'paymentcode',
      title: 'Payment code',
      purpose:
        'The code to pay for university services: by QR code from a mobile bank or by bank card.',
      roles: {
        student: {
          tasks: [
            {
              title: 'Get the code and pay',
              steps: [
                'Choose the service and the academic year, then press “Get the payment code”.',
                'Scan the QR code in your mobile bank, or save it as PNG.',
                'Or under “Pay by bank card” enter the amount, press “Pay by card” and confirm: the bank’s page opens.',
              ],
            },
            {
              title: 'Find a receipt',
              steps: ['Under “My payments” open “Receipt No. … (PDF)” beside a paid payment.'],
            },
          ],
          refusals: [
            {
              says: 'The amount cannot exceed the amount due',
              means: 'Pay at most what is still due under this code.',
            },
            {
              says: 'A payment for this code is in progress',
              means: 'Finish it with “Continue the payment” or cancel it before starting another.',
            },
            {
              says: 'The bank declined the payment',
              means: 'No money was taken: check the card or use another, then start a new payment.',
            },
            {
              says: 'To be refunded',
              means:
                'The bank charged beyond what was due: it is not counted and the money is returned to the card.',
            },
          ],
        },
      },
    },
    singlewindow: {
      section: 'singlewindow',
      title: 'Certificate requests (single window)',
      purpose:
        'Students order certificates and other documents; the registrar’s office prepares them.',
      roles: {
        student: {
          tasks: [
            {
              title: 'Order a document',
              steps: [
                'Choose the document, region, district, purpose and date, then press “Order”.',
                'Follow its status under “My orders”: waiting, preparing, prepared.',
                'Some certificates are issued at once: “Download PDF” gives the document with a verification QR code.',
              ],
            },
            {
              title: 'Cancel an order',
              steps: ['Press “Cancel” beside a waiting order and confirm.'],
            },
          ],
          refusals: [
            {
              says: 'Choose every field',
              means: 'Document, region, district, purpose and date are all needed.',
            },
            {
              says: 'Document revoked',
              means: 'The office withdrew the document: its QR code now says so. Order a new one.',
            },
          ],
        },
        registrar: {
          tasks: [
            {
              title: 'Work through the queue',
              steps: [
                'The orders that have waited longest come first; filter by status or document.',
                'Press “Start preparing”, then “Mark prepared”; a comment (e.g. “ready at room 105”) goes to the student.',
              ],
            },
            {
              title: 'Revoke a document',
              steps: [
                'Press “Revoke document” and confirm: this cannot be undone, and its QR code says it was revoked.',
              ],
            },
          ],
        },
      },
    },
    transcript: {
      section: 'transcript',
      title: 'Transcript',
      purpose:
        'Your grades and credits of every completed semester, the grade point average and a PDF with a verification QR code.',
      roles: {
        student: {
          tasks: [
            {
              title: 'Read and download the transcript',
              steps: [
                'Each semester lists its disciplines with credits, score, grade and ECTS letter.',
                'Press “Download PDF”: anyone can check the document by its QR code.',
              ],
            },
          ],
          refusals: [
            {
              says: 'No grades for completed semesters yet.',
              means: 'Grades appear once the statement of a semester is confirmed.',
            },
          ],
        },
      },
    },
  };
