import type { REGISTRATION_ENDPOINTS } from '../registration.js';
import { events, file, get, post, type ApiOf } from '../endpoint.js';

/** Where the registration for disciplines endpoints answer; their schemas are in ../registration.ts. */
export const REGISTRATION_ADDRESSES = {
  waitlistJoin: post('/api/regfordisciplines/waitlist/join.json'),
  waitlistStatus: post('/api/regfordisciplines/waitlist/status.json'),
  waitlistLeave: post('/api/regfordisciplines/waitlist/leave.json'),
  waitlistDecline: post('/api/regfordisciplines/waitlist/decline.json'),
  events: events('/api/regfordisciplines/events'),
  teacherWaitlist: post('/api/regfordisciplines/teacher/waitlist.json'),
  teacherWaitlistCsv: file('/api/regfordisciplines/teacher/waitlist.csv'),
  teacherCapacity: post('/api/regfordisciplines/teacher/capacity.json'),
  holds: post('/api/regfordisciplines/holds/list.json'),
  setHold: post('/api/regfordisciplines/holds/set.json'),
  holdStudents: post('/api/regfordisciplines/holds/students.json'),
  liftHold: post('/api/regfordisciplines/holds/lift.json'),
  saveAppointment: post('/api/regfordisciplines/appointments/save.json'),
  appointments: post('/api/regfordisciplines/appointments/list.json'),
  removeAppointment: post('/api/regfordisciplines/appointments/remove.json'),
  defaultYear: post('/api/regfordisciplines/getdefyear.json'),
  years: get('/api/regfordisciplines/getyears.json'),
  semesters: post('/api/regfordisciplines/getsemesters.json'),
  start: post('/api/regfordisciplines/start.json'),
  list: post('/api/regfordisciplines/getreglist.json'),
  mandatoryTeachers: post('/api/regfordisciplines/getteachersforregel.json'),
  mandatoryStreams: post('/api/regfordisciplines/getsubgroupsforregel.json'),
  electiveTeachers: post('/api/regfordisciplines/optional/teachers.json'),
  electiveStreams: post('/api/regfordisciplines/optional/subgroups.json'),
  save: post('/api/regfordisciplines/saveregistration.json'),
  remove: post('/api/regfordisciplines/deleteregistration.json'),
  electivePermission: post('/api/regfordisciplines/optional/permission.json'),
  electiveDisciplines: post('/api/regfordisciplines/optional/disciplines.json'),
  byTypeTeachers: post('/api/regfordisciplines/bytype/teacher.json'),
  byTypeStreams: post('/api/regfordisciplines/bytype/subgroups.json'),
  byTypeAction: post('/api/regfordisciplines/bytype/actionegistration.json'),
  byTypeRemove: post('/api/regfordisciplines/bytype/deleteregistration.json'),
  teacherStreams: post('/api/regfordisciplines/teacher/streams.json'),
  teacherStudents: post('/api/regfordisciplines/teacher/students.json'),
  teacherStudentsCsv: file('/api/regfordisciplines/teacher/students.csv'),
};

/** The registration for disciplines endpoints for the browser: addresses typed by their schemas. */
export const REGISTRATION_API: ApiOf<typeof REGISTRATION_ENDPOINTS> = REGISTRATION_ADDRESSES;
