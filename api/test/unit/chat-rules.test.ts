// The chat's pure rules: who talks with whom, whose conversation a message or an event is,
// what a message may hold. No database, no server.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  GROUP_CHAT_ID,
  ROLE,
  type ChatEvent,
  type ChatTarget,
} from '@lms/shared/contract';
import {
  conversationKey,
  deleteRefusal,
  eventConcerns,
  isAuthor,
  isParty,
  isPersonal,
  messageText,
  personalRef,
  targetFromFields,
  targetOf,
  teachingOf,
  withKey,
  type ChatPerson,
} from '../../src/areas/chat/rules.js';

const teacher: ChatPerson = { role: ROLE.teacher, id: 5 };
const student: ChatPerson = { role: ROLE.student, id: 9 };
const chain = { year: 26, ws: 1 as const, id_discipline: 40 };
const personal = { ...chain, id_group: 3, teacherId: 5, studentId: 9 };
const group = { ...chain, id_group: 3, teacherId: null, studentId: null };

function target(from: ChatPerson, to: number, toRole: number, idGroup?: number): ChatTarget {
  return {
    ...chain,
    id_from: from.id,
    id_from_type: from.role,
    id_to: to,
    id_to_type: toRole as ChatTarget['id_to_type'],
    ...(idGroup === undefined ? {} : { id_group: idGroup }),
  };
}

describe('chat rules', () => {
  test('a conversation is personal when it has both a teacher and a student', () => {
    assert.equal(isPersonal(personal), true);
    assert.equal(isPersonal(group), false);
    assert.equal(isPersonal({ ...personal, studentId: null }), false);
  });

  test('each conversation has its own key', () => {
    assert.equal(conversationKey(personal), 'p:26:1:40:5:9');
    assert.equal(conversationKey(group), 'g:26:1:40:3');
    assert.notEqual(conversationKey({ ...group, id_group: 4 }), conversationKey(group));
    assert.equal(withKey(group).key, 'g:26:1:40:3');
  });

  test('a conversation belongs to one teaching', () => {
    assert.deepEqual(teachingOf(personal), { disciplineId: 40, groupId: 3, yearId: 26, ws: 1 });
  });

  test('a personal conversation is its teacher’s and its student’s only', () => {
    assert.equal(isParty(teacher, personal), true);
    assert.equal(isParty(student, personal), true);
    assert.equal(isParty({ role: ROLE.teacher, id: 9 }, personal), false, 'same id, other role');
    assert.equal(isParty({ role: ROLE.student, id: 10 }, personal), false);
  });

  test('teachers write to students and students to teachers, never to their own role', () => {
    assert.deepEqual(targetOf(teacher, target(teacher, 9, ROLE.student)), {
      personal: { teacherId: 5, studentId: 9 },
    });
    assert.deepEqual(targetOf(student, target(student, 5, ROLE.teacher)), {
      personal: { teacherId: 5, studentId: 9 },
    });
    assert.equal(targetOf(teacher, target(teacher, 6, ROLE.teacher)), 'hidden');
    assert.equal(targetOf(student, target(student, 8, ROLE.student)), 'hidden');
  });

  test('the group chat needs its group', () => {
    assert.deepEqual(targetOf(student, target(student, GROUP_CHAT_ID, ROLE.teacher, 3)), {
      group,
    });
    assert.equal(targetOf(student, target(student, GROUP_CHAT_ID, ROLE.teacher)), 'invalid');
  });

  test('a personal conversation sits in the student’s group, whatever the payload says', () => {
    const named = target(teacher, 9, ROLE.student, 77);
    assert.deepEqual(personalRef(named, { teacherId: 5, studentId: 9 }, 3), personal);
  });

  test('a message needs text or a file, and fits the limit', () => {
    assert.equal(messageText('  ', 0), 'empty');
    assert.equal(messageText(undefined, 0), 'empty');
    assert.deepEqual(messageText('  ', 1), { message: '' });
    assert.deepEqual(messageText(' hi ', 0), { message: 'hi' });
    assert.deepEqual(messageText('x'.repeat(CHAT_MESSAGE_MAX_LENGTH), 0), {
      message: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH),
    });
    assert.equal(messageText('x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1), 0), 'tooLong');
  });

  test('only its author deletes a message', () => {
    assert.equal(deleteRefusal({ ismine: true }), null);
    assert.equal(deleteRefusal({ ismine: false }), 'notAuthor');
    assert.equal(isAuthor(teacher, { role: ROLE.teacher, id: 5 }), true);
    assert.equal(isAuthor(teacher, { role: ROLE.student, id: 5 }), false);
  });

  test('multipart fields become the payload, numbers as numbers', () => {
    const fields = {
      year: '26',
      ws: '1',
      id_discipline: '40',
      id_from: '9',
      id_from_type: '2',
      id_to: '-1',
      id_to_type: '1',
      id_group: '3',
      message: 'not a number field',
    };
    assert.deepEqual(targetFromFields(fields), {
      target: target(student, GROUP_CHAT_ID, ROLE.teacher, 3),
    });
    const wrong = targetFromFields({ ...fields, id_from: 'nine' });
    assert.ok(
      'invalid' in wrong && wrong.invalid.en === 'Invalid request: body/id_from must be integer',
      JSON.stringify(wrong),
    );
    assert.ok('invalid' in targetFromFields({}));
  });

  test('events: own read marks, own personal conversations; group chats are asked', () => {
    const message = (conversation: typeof group | typeof personal): ChatEvent => ({
      kind: 'message',
      id_message: 1,
      conversation,
      actor: teacher,
    });
    assert.equal(eventConcerns(student, message(personal)), true);
    assert.equal(eventConcerns({ role: ROLE.student, id: 10 }, message(personal)), false);
    assert.equal(eventConcerns(student, message(group)), 'ask');
    const read: ChatEvent = { kind: 'read', id_message: 0, conversation: group, actor: student };
    assert.equal(eventConcerns(student, read), true);
    assert.equal(eventConcerns(teacher, read), false, "another's read mark");
  });
});
