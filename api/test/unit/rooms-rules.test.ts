import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  bookingRefusal,
  cancelRefusal,
  equipmentMask,
  equipmentOf,
  isCalendarDate,
  periodNow,
  weekAround,
  type BookingFacts,
} from '../../src/areas/rooms/rules.js';

const PERIODS = [
  { id: 1, start: '08:00', end: '09:20' },
  { id: 2, start: '09:30', end: '10:50' },
  { id: 3, start: '11:00', end: '12:20' },
];

test('equipment bits round-trip in the contract order', () => {
  assert.equal(equipmentMask([]), 0);
  assert.equal(equipmentMask(['projector', 'audio']), 0b1001);
  assert.deepEqual(equipmentOf(equipmentMask(['audio', 'projector'])), ['projector', 'audio']);
});

test('dates: real calendar dates only; a week runs Monday to Saturday', () => {
  assert.equal(isCalendarDate('2026-11-18'), true);
  assert.equal(isCalendarDate('2026-02-31'), false);
  assert.deepEqual(weekAround('2026-11-18', 3), { from: '2026-11-16', to: '2026-11-21' });
});

test('now: the running period, the next one, else the next teaching day (Sunday skipped)', () => {
  assert.deepEqual(periodNow(PERIODS, '2026-11-16', 1, '09:40'), {
    date: '2026-11-16',
    period: PERIODS[1],
  });
  assert.equal(periodNow(PERIODS, '2026-11-16', 1, '10:55')?.period.id, 3);
  assert.deepEqual(periodNow(PERIODS, '2026-11-16', 1, '13:00'), {
    date: '2026-11-17',
    period: PERIODS[0],
  });
  assert.equal(periodNow(PERIODS, '2026-11-21', 6, '13:00')?.date, '2026-11-23');
  assert.equal(periodNow(PERIODS, '2026-11-22', 7, '07:00')?.date, '2026-11-23');
  assert.equal(periodNow([], '2026-11-16', 1, '09:00'), null);
});

const free: BookingFacts = {
  date: '2026-11-18',
  dayNumber: 3,
  start: '09:30',
  today: '2026-11-16',
  nowTime: '09:40',
  teaches: true,
  capacity: 30,
  students: 20,
  roomBusy: false,
  teacherBusy: false,
  groupBusy: false,
};

test('a booking is refused in the order the teacher should hear it', () => {
  assert.equal(bookingRefusal(free), null);
  assert.equal(bookingRefusal({ ...free, date: '2026-02-30' }), 'badDate');
  assert.equal(bookingRefusal({ ...free, dayNumber: 7 }), 'sunday');
  assert.equal(bookingRefusal({ ...free, date: '2026-11-15', dayNumber: 7 }), 'sunday');
  assert.equal(bookingRefusal({ ...free, date: '2026-11-14', dayNumber: 6 }), 'past');
  assert.equal(bookingRefusal({ ...free, date: '2026-11-16', dayNumber: 1 }), 'past');
  assert.equal(bookingRefusal({ ...free, date: '2026-11-16', dayNumber: 1, start: '11:00' }), null);
  assert.equal(bookingRefusal({ ...free, teaches: false, roomBusy: true }), 'notTeaching');
  assert.equal(bookingRefusal({ ...free, students: 31, roomBusy: true }), 'tooSmall');
  assert.equal(bookingRefusal({ ...free, roomBusy: true, teacherBusy: true }), 'roomBusy');
  assert.equal(bookingRefusal({ ...free, teacherBusy: true, groupBusy: true }), 'teacherBusy');
  assert.equal(bookingRefusal({ ...free, groupBusy: true }), 'groupBusy');
});

test('a cancellation: not twice, not once it is over', () => {
  const holding = {
    cancelled: false,
    date: '2026-11-16',
    end: '10:50',
    today: '2026-11-16',
    nowTime: '09:40',
  };
  assert.equal(cancelRefusal(holding), null);
  assert.equal(cancelRefusal({ ...holding, cancelled: true }), 'alreadyCancelled');
  assert.equal(cancelRefusal({ ...holding, nowTime: '10:50' }), 'over');
  assert.equal(cancelRefusal({ ...holding, today: '2026-11-17' }), 'over');
});
