import { readFile, stat } from 'node:fs/promises';

export interface JsonFileOptions<T> {
  /** Returns the value, or throws with a reason when the JSON does not have the expected shape. */
  parse: (raw: unknown) => T;
  onInvalid?: (error: unknown) => void;
}

/**
 * A JSON config file that may be edited while the server runs. Each read compares the file's
 * inode, mtime and size and re-parses only on change (no file-watch events, which network
 * filesystems do not deliver: each process of a cluster sees an edit on its next read); a broken
 * edit keeps the last good value, so a typo in the registry cannot take the portal down.
 */
export class JsonFile<T> {
  private signature: string | undefined;
  private value: T | undefined;

  constructor(
    readonly path: string,
    private readonly options: JsonFileOptions<T>,
  ) {}

  /** The last value read, without touching the disk (undefined before the first read). */
  get current(): T | undefined {
    return this.value;
  }

  async read(): Promise<T | undefined> {
    let signature: string;
    try {
      const info = await stat(this.path);
      // The inode too: an edit saved by renaming a new file into place (the release scripts do)
      // is seen even within the mtime's resolution, which on a network filesystem may be 1 s.
      signature = `${info.ino}:${info.mtimeMs}:${info.size}`;
    } catch {
      this.signature = undefined;
      this.value = undefined;
      return undefined;
    }
    if (signature === this.signature) return this.value;
    // Remember the signature even for a broken file, so it is reported once, not on every read.
    this.signature = signature;
    try {
      this.value = this.options.parse(JSON.parse(await readFile(this.path, 'utf8')));
    } catch (error) {
      this.options.onInvalid?.(error);
    }
    return this.value;
  }
}
