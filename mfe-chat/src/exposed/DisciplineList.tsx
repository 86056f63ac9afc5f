import '../i18n';
import { DisciplineList as Disciplines } from '../features/chain';
import { useLiveCounts, usePlaceCounts } from '../features/unread';

/** The shell's discipline-list pane, each discipline with its unread count. */
export default function DisciplineList() {
  const places = usePlaceCounts();
  useLiveCounts();
  return <Disciplines unreadOf={places.ofDiscipline} />;
}
