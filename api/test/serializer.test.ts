import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Envelope, Role } from '@lms/shared/contract';
import { Type } from '@sinclair/typebox';
import { forSerializing, serializerCompiler } from '../src/lib/serializer.js';

const Item = Type.Object({
  id: Type.Integer(),
  role: Role,
  note: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Type.Literal('new'), Type.Literal('done')]),
  score: Type.Union([Type.Integer(), Type.Number(), Type.Null()]),
  either: Type.Union([
    Type.Object({ kind: Type.Literal('a'), a: Type.String() }),
    Type.Object({ kind: Type.Literal('b'), b: Type.Integer() }),
  ]),
  maybeEither: Type.Union([
    Type.Union([Type.Object({ x: Type.String() }), Type.Object({ y: Type.Integer() })]),
    Type.Null(),
  ]),
});
const Page = Envelope(Type.Object({ items: Type.Array(Item) }));

function serialize(value: unknown): string {
  const write = serializerCompiler({ schema: Page, method: 'POST', url: '/x', httpStatus: '200' });
  return write(value);
}

describe('response serializers', () => {
  test('nullable unions and unions of literals are made plain; unions of objects are kept', () => {
    const plain = forSerializing(Page) as {
      properties: {
        error: unknown;
        data: { nullable?: boolean; anyOf?: unknown; properties: { items: { items: unknown } } };
      };
    };
    assert.deepEqual(plain.properties.error, { type: 'string', nullable: true });
    assert.equal(plain.properties.data.nullable, true);
    assert.equal(plain.properties.data.anyOf, undefined);
    const item = plain.properties.data.properties.items.items as {
      properties: Record<string, Record<string, unknown>>;
    };
    assert.deepEqual(item.properties.role, { type: 'integer' });
    assert.deepEqual(item.properties.status, { type: 'string' });
    assert.deepEqual(item.properties.score, { type: 'number', nullable: true });
    assert.equal((item.properties.either?.anyOf as unknown[]).length, 2);
    assert.ok(Array.isArray(item.properties.maybeEither?.anyOf));
  });

  test('what is written is what JSON.stringify writes, nulls included', () => {
    const values = [
      { result: false, error: null, data: { items: [] } },
      { result: true, error: 'Не найдено', data: null },
      {
        result: false,
        error: null,
        data: {
          items: [
            {
              id: 1,
              role: 2,
              note: null,
              status: 'done',
              score: 4.5,
              either: { kind: 'b', b: 3 },
              maybeEither: null,
            },
            {
              id: 2,
              role: 1,
              note: 'текст "в кавычках"',
              status: 'new',
              score: null,
              either: { kind: 'a', a: 'x' },
              maybeEither: { y: 7 },
            },
          ],
        },
      },
    ];
    for (const value of values) assert.equal(serialize(value), JSON.stringify(value));
  });

  test('a value outside every object of a kept union is refused, not written wrongly', () => {
    const wrong = {
      result: false,
      error: null,
      data: {
        items: [
          {
            ...{ id: 1, role: 1, note: null, status: 'new', score: 1, maybeEither: null },
            either: { kind: 'c' },
          },
        ],
      },
    };
    assert.throws(() => serialize(wrong), TypeError);
  });
});
