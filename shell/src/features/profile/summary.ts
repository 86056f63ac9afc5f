import { atom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { lmsStore, queryClient, ROLE, type AcademicYear, type SessionUser } from '@lms/shared';
import { getDefaultYear, getPhoto, getPosition, getProfileData } from './api/profile';

/** What the profile menu shows beside the session user; loaded once per login (spec §4). */
export interface ProfileSummary {
  /** A data: URL of the photo, null when there is none (the initials avatar shows then). */
  photo: string | null;
  /** Teachers: their position. */
  position: string | null;
  /** Students: their group. */
  group: string | null;
  defaultYear: AcademicYear | null;
}

const EMPTY: ProfileSummary = { photo: null, position: null, group: null, defaultYear: null };

export const profileSummaryAtom = atom<ProfileSummary>(EMPTY);

function valueOf<T>(result: PromiseSettledResult<T>): T | null {
  if (result.status === 'fulfilled') return result.value;
  console.warn('Part of the profile summary could not be loaded', result.reason);
  return null;
}

/**
 * A part of the summary through the portal's one query cache: what a reload without a network
 * restored from the offline copy is shown as it was; otherwise it is asked for.
 */
function cached<T>(key: readonly unknown[], load: () => Promise<T>): Promise<T> {
  return queryClient.ensureQueryData({ queryKey: key, queryFn: load, revalidateIfStale: true });
}

/** After login: the photo, the default year and, for teachers only, the position. */
export async function loadProfileSummary(
  user: SessionUser,
  language = '',
): Promise<ProfileSummary> {
  const who = { uid: user.uid, role: user.role };
  const key = ['profile', user.uid, user.role];
  const [photo, defaultYear, position, data] = await Promise.allSettled([
    cached([...key, 'photo'], () => getPhoto(who)),
    cached([...key, 'defaultYear', language], () => getDefaultYear()),
    user.role === ROLE.teacher
      ? cached([...key, 'position', language], () => getPosition({ id: user.id }))
      : Promise.resolve(null),
    // A student's group comes with the personal data (the profile screen's query).
    user.role === ROLE.student
      ? cached([...key, 'data', language], () => getProfileData(who))
      : Promise.resolve(null),
  ]);
  const picture = valueOf(photo);
  return {
    photo: picture?.photo ? `data:${picture.mime ?? 'image/jpeg'};base64,${picture.photo}` : null,
    defaultYear: valueOf(defaultYear),
    position: valueOf(position)?.position ?? null,
    group: valueOf(data)?.group ?? null,
  };
}

/**
 * Keeps profileSummaryAtom in step with the session user and the interface language (the
 * position and the group are catalogue names, answered in it); mounted once by the shell layout.
 */
export function useProfileSummary(user: SessionUser | null): ProfileSummary {
  const { i18n } = useTranslation();
  const language = i18n.language;
  // Another user (or none) never sees the previous one's summary, not even for a moment.
  useEffect(() => {
    lmsStore.set(profileSummaryAtom, EMPTY);
  }, [user]);
  useEffect(() => {
    if (!user) return undefined;
    let active = true;
    void loadProfileSummary(user, language).then((summary) => {
      if (active) lmsStore.set(profileSummaryAtom, summary);
    });
    return () => {
      active = false;
    };
  }, [user, language]);
  return useAtomValue(profileSummaryAtom, { store: lmsStore });
}
