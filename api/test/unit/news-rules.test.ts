// The news area's pure rules: who may publish and edit, what a new item must hold, how a
// download names its file. No database, no server.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { NEWS_MAX_FILES, NEWS_MESSAGE_MAX_LENGTH, ROLE } from '@lms/shared/contract';
import { NEWS_MESSAGES } from '../../src/areas/news/messages.js';
import {
  audienceOf,
  authorLabel,
  authorName,
  downloadName,
  MAX_FILES_PER_ITEM,
  mayEdit,
  messageText,
  newsFields,
  publishRefusal,
} from '../../src/areas/news/rules.js';

const author = { uid: 7, role: ROLE.teacher, newsPerms: true };

describe('news rules', () => {
  test('publishing needs the news right', () => {
    assert.equal(publishRefusal(author), null);
    assert.equal(publishRefusal({ ...author, newsPerms: false }), 'noPermission');
    assert.ok(NEWS_MESSAGES[publishRefusal({ newsPerms: false }) ?? 'badFaculty'].en);
  });

  test('only the author with the news right edits or deletes an item', () => {
    assert.equal(mayEdit(author, { author_uid: 7 }), true);
    assert.equal(mayEdit(author, { author_uid: 8 }), false, "another author's item");
    assert.equal(mayEdit({ ...author, newsPerms: false }, { author_uid: 7 }), false, 'right taken');
  });

  test('a reader belongs to the audience of their role', () => {
    assert.equal(audienceOf(ROLE.teacher), 'teachers');
    assert.equal(audienceOf(ROLE.student), 'students');
  });

  test('the stored author is the role in Russian, a pipe and the name', () => {
    assert.equal(authorLabel({ role: ROLE.teacher, fullName: 'A B' }), 'Преподаватель|A B');
    assert.equal(authorLabel({ role: ROLE.student, fullName: 'C|D' }), 'Студент|C|D');
    assert.equal(authorName('Студент|C|D'), 'C|D');
    assert.equal(authorName('no pipe'), 'no pipe');
  });

  test('an item needs text; it is trimmed', () => {
    assert.equal(messageText(undefined), 'messageRequired');
    assert.equal(messageText('  \n '), 'messageRequired');
    assert.deepEqual(messageText('  Hello '), { message: 'Hello' });
  });

  test('the form fields: audience defaults to all, faculty "" or -1 is every faculty', () => {
    assert.deepEqual(newsFields({ message: ' x ' }), {
      fields: { message: 'x', audience: 'all', faculty: null },
    });
    assert.deepEqual(newsFields({ message: 'x', audience: 'teachers', faculty: '-1' }), {
      fields: { message: 'x', audience: 'teachers', faculty: null },
    });
    assert.deepEqual(newsFields({ message: 'x', audience: 'students', faculty: ' 3 ' }), {
      fields: { message: 'x', audience: 'students', faculty: 3 },
    });
  });

  test('the form fields: each wrong one is refused with its message', () => {
    assert.deepEqual(newsFields({ audience: 'all' }), { refusal: 'messageRequired' });
    assert.deepEqual(newsFields({ message: 'x', audience: 'parents' }), {
      refusal: 'badAudience',
    });
    assert.deepEqual(newsFields({ message: 'x', faculty: 'abc' }), { refusal: 'badFaculty' });
    assert.deepEqual(newsFields({ message: 'x', faculty: '0' }), { refusal: 'badFaculty' });
    const long = newsFields({ message: 'x'.repeat(NEWS_MESSAGE_MAX_LENGTH + 1) });
    assert.ok(
      'invalid' in long &&
        long.invalid.en === 'Invalid request: body/message must have at most 5000 characters',
      'too long a text',
    );
  });

  test('a download names <newsId>_<file name>; the name may hold underscores', () => {
    assert.deepEqual(downloadName('12_a_b.pdf'), { newsId: 12, fileName: 'a_b.pdf' });
    assert.equal(downloadName('0_a.pdf'), null, 'no item 0');
    assert.equal(downloadName('a_b.pdf'), null);
    assert.equal(downloadName('12_'), null, 'no name');
    assert.equal(downloadName('1234567890_a'), null, 'more digits than an id has');
  });

  test('an item carries the contract number of files', () => {
    assert.equal(MAX_FILES_PER_ITEM, NEWS_MAX_FILES);
  });
});
