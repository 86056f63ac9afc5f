/**
 * A request body a route parses by hand (`config.documentedBody`): the API reference shows it
 * with its media type; Fastify does not validate it (the route checks it as it reads it).
 */
export interface DocumentedBody {
  mediaType: 'multipart/form-data' | 'application/json';
  schema: unknown;
  description: string;
}

/** A file part of a multipart form, as OpenAPI 3.1 writes one. */
const FILE_PART = { type: 'string', contentMediaType: 'application/octet-stream' } as const;

interface Fields {
  properties: Record<string, unknown>;
  required?: string[];
}

/**
 * A multipart form for the API reference (`config.documentedBody`): its text fields (each a
 * form part, described by the schema the route checks its text against) and its `files` parts.
 * The route reads the parts as they stream in and checks them itself.
 */
export function multipartBody(
  fields: Fields,
  files: { max: number; required: boolean },
  description: string,
): DocumentedBody {
  const filesSchema =
    files.max === 1
      ? { ...FILE_PART, description: 'The file (one part named `files`).' }
      : {
          type: 'array',
          items: FILE_PART,
          maxItems: files.max,
          description: `Up to ${files.max} parts named \`files\`.`,
        };
  return {
    mediaType: 'multipart/form-data',
    description,
    schema: {
      type: 'object',
      properties: { ...fields.properties, files: filesSchema },
      required: [...(fields.required ?? []), ...(files.required ? ['files'] : [])],
    },
  };
}

/** The form names the caller (`assertSelf`): when sent, the session must be that person. */
export const SELF_FIELDS = {
  id_human: { type: 'integer', minimum: 1, description: "The caller's id (optional)." },
  id_humanType: { type: 'integer', enum: [1, 2], description: "The caller's role (optional)." },
} as const;
