import { skipToken, useQuery } from '@tanstack/react-query';
import { useChain } from '../../chain';
import { placeKeys, unreadPlaces } from './unread';

/**
 * Where the user's unread messages of the current semester are: per discipline (the discipline
 * list's badges) and per group of the chosen discipline (the group choice).
 */
export function usePlaceCounts() {
  const { user, chain } = useChain();
  const query = useQuery({
    queryKey: placeKeys.semester(user?.uid ?? 0, chain?.year ?? 0, chain?.ws ?? 0),
    queryFn:
      user && chain
        ? () =>
            unreadPlaces({
              year: chain.year,
              ws: chain.ws,
              id_from_type: user.role,
              id_from: user.id,
            })
        : skipToken,
  });
  const places = query.data ?? [];
  return {
    ofDiscipline: (id: number) =>
      places.reduce((sum, p) => (p.id_discipline === id ? sum + p.countMessages : sum), 0),
    ofGroup: (group: number) =>
      places.find((p) => p.id_discipline === chain?.id_discipline && p.id_group === group)
        ?.countMessages ?? 0,
  };
}
