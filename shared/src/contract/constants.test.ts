import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_NAMES } from './constants.js';

describe('the list of remotes', () => {
  it('names exactly the mfe-<name> folders of the repository', () => {
    const root = join(__dirname, '..', '..', '..');
    const folders = readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name.startsWith('mfe-'))
      .map((entry) => entry.name.slice('mfe-'.length))
      .sort();
    expect([...REMOTE_NAMES].sort()).toEqual(folders);
  });
});
