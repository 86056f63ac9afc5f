import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transaction } from 'kysely';
import type { AttachmentArea } from '../attachments-schema.js';
import type { Dialect } from '../database.js';
import type { Database } from '../schema.js';
import type { Random } from './random.js';

/** What the academic core seed created that other areas build on. */
export interface CoreIds {
  /** Faculty ids in creation order. */
  facultyIds: number[];
  demoTeacher: { uid: number; teacherId: number; fullName: string };
  demoStudent: { uid: number; studentId: number };
}

/**
 * Everything an area's seed gets; every area seed is `seedX(ctx: SeedContext): Promise<void>`
 * and runs inside the one seed transaction (seed.ts).
 */
export interface SeedContext {
  trx: Transaction<Database>;
  dialect: Dialect;
  dataDir: string;
  now: Date;
  /** A deterministic generator per area: adding an area never changes another area's data. */
  random: (seed: number) => Random;
  core: CoreIds;
  /** Where an area writes its attachments' bytes (see SeedFiles). */
  files: SeedFiles;
}

/**
 * Files written by a seed. They go to a private folder first and are moved to
 * uploads/<area>/<id>/ only after the seed transaction commits; a failed seed discards them, so it
 * leaves neither rows nor files. (A crash between the commit and the move would leave rows whose
 * files are missing: downloads answer 404 for them.)
 */
export class SeedFiles {
  private constructor(
    private readonly dataDir: string,
    private readonly dir: string,
  ) {}

  static create(dataDir: string): SeedFiles {
    return new SeedFiles(
      dataDir,
      join(dataDir, 'uploads', 'incoming', `seed-${randomBytes(8).toString('hex')}`),
    );
  }

  async write(area: AttachmentArea, ownerId: number, storedName: string, bytes: Buffer) {
    const folder = join(this.dir, area, String(ownerId));
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, storedName), bytes);
  }

  /** Moves every record's folder into uploads/<area>/<id>/ (after the commit). */
  async publish(): Promise<void> {
    const areas = await readdir(this.dir).catch(() => [] as string[]);
    for (const area of areas) {
      const target = join(this.dataDir, 'uploads', area);
      await mkdir(target, { recursive: true });
      for (const id of await readdir(join(this.dir, area))) {
        await rm(join(target, id), { recursive: true, force: true });
        await rename(join(this.dir, area, id), join(target, id));
      }
    }
    await this.discard();
  }

  async discard(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}
