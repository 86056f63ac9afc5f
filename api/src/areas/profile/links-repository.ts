import type { RoleId } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';

/** A useful link, named in the reader's language. */
export interface LinkRow {
  name: string;
  url: string;
}

export function createLinksRepository(db: Kysely<Database>) {
  return {
    async forRole(lng: Language, role: RoleId): Promise<LinkRow[]> {
      return db
        .selectFrom('useful_links')
        .select([localized(lng, 'name').as('name'), 'url'])
        .where((eb) => eb.or([eb('role', 'is', null), eb('role', '=', role)]))
        .orderBy('sort_order')
        .execute();
    },
  };
}

export type LinksRepository = ReturnType<typeof createLinksRepository>;
