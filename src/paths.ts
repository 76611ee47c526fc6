// Where the project's own files are, from src/ or from the compiled dist/src/.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding package.json. */
export const projectRoot = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
})();

/** The demo catalog's media files, served at /media/files/ unless MEDIA_FILES_DIR names another folder. */
export const demoMediaDir = join(projectRoot, 'prisma', 'seed', 'media');
