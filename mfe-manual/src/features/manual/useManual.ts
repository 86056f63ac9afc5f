import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, ROLE, useSession } from '@lms/shared';
import { loadManual } from './content/load';
import type { Manual, Reader } from './content/types';

/**
 * The manual in the reader's language. It suspends while the language's chunk loads (wrap it
 * in Suspense) and throws when the chunk cannot be had (no network, not kept yet: wrap it in an
 * error boundary whose reset calls the loader again). The text is the build's: no query.
 */
export function useManual(): Manual {
  const { i18n } = useTranslation();
  return use(loadManual(isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE));
}

/** The reader's own role: the registrar's office, a teacher or a student. */
export function useReader(): Reader {
  const { user } = useSession();
  if (user?.registrarPerms) return 'registrar';
  return user?.role === ROLE.teacher ? 'teacher' : 'student';
}
