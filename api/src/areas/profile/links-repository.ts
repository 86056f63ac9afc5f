import type { Link, RoleId } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';

export function createLinksRepository(db: Kysely<Database>) {
  return {
    async forRole(lng: Language, role: RoleId): Promise<Link[]> {
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
