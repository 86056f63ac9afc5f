import { Type, type Static, type TSchema } from '@sinclair/typebox';

/**
 * Every `/lms/api/**` response is wrapped in this envelope.
 * `result: true` means failure (spec §5): `error` then holds the message and `data` is null.
 */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    result: Type.Boolean(),
    error: Type.Union([Type.String(), Type.Null()]),
    data: Type.Union([data, Type.Null()]),
  });

export interface ApiEnvelope<T> {
  result: boolean;
  error: string | null;
  data: T | null;
}

export const ErrorEnvelope = Type.Object({
  result: Type.Literal(true),
  error: Type.String(),
  data: Type.Null(),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

/** 1 = teacher, 2 = student; no other role enters the portal. */
export const Role = Type.Union([Type.Literal(1), Type.Literal(2)]);
export type Role = Static<typeof Role>;

/** Database ids: positive integers. */
export const Id = Type.Integer({ minimum: 1 });

/** A body with no fields (calls that take their identity from the session); any field is refused. */
export const EmptyBody = Type.Object({}, { additionalProperties: false });
export type EmptyBody = Static<typeof EmptyBody>;
