import { USEFUL_LINKS } from './catalog.js';
import type { SeedContext } from './context.js';

/** The useful links of the home page. */
export async function seedLinks(ctx: SeedContext): Promise<void> {
  await ctx.trx
    .insertInto('useful_links')
    .values(USEFUL_LINKS.map((link, index) => ({ ...link, sort_order: index + 1 })))
    .execute();
}
