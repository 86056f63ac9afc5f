/** A timetable slot with everything the QR and the checks need. */
export interface SlotRecord {
  id: number;
  yearId: number;
  ws: number;
  dayNumber: number;
  weekKind: number;
  timeId: number;
  start: string;
  end: string;
  teacherId: number;
  disciplineId: number;
  discipline: string;
  groupId: number;
  subgroupId: number | null;
  lessonTypeId: number;
  roomId: number;
  roomName: string;
  latitude: number;
  longitude: number;
  radiusM: number;
  specialityId: number;
  facultyId: number;
  studySemester: number;
  isElective: number;
}
