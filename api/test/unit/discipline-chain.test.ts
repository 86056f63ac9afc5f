// The discipline filter chain's rule, without a database: each list filters only on the
// choices made before its step.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chainFor } from '../../src/areas/discipline/rules.js';

const body = {
  year: 26,
  ws: 1,
  id_discipline: 7,
  kredit: 3,
  isSelect: 0,
  id_semester: 2,
  id_group: 9,
};

test('a discipline list filters on the year and the semester of the year only', () => {
  assert.deepEqual(chainFor(body, 'discipline'), { year: 26, ws: 1 });
});

test('a semester list adds the chosen discipline', () => {
  assert.deepEqual(chainFor(body, 'semester'), {
    year: 26,
    ws: 1,
    id_discipline: 7,
    kredit: 3,
    isSelect: 0,
  });
});

test('a group list adds the study semester; a people list the group too', () => {
  assert.equal(chainFor(body, 'group').id_semester, 2);
  assert.equal(chainFor(body, 'group').id_group, undefined, 'a stale group is not applied');
  assert.deepEqual(chainFor(body, 'people'), body);
});
