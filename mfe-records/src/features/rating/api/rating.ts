import { useQuery } from '@tanstack/react-query';
import { postEndpoint, STATEMENTS_API, useSession } from '@lms/shared';

export const getRating = postEndpoint(STATEMENTS_API.rating);

export const ratingKeys = { mine: (uid: number) => ['rating', uid] as const };

/** The signed-in student's places by the weighted average of their record. */
export function useRating() {
  const uid = useSession().user?.uid ?? 0;
  return useQuery({ queryKey: ratingKeys.mine(uid), queryFn: () => getRating({}) });
}
