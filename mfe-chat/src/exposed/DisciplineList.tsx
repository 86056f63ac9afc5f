import '../i18n';
import { DisciplineList as Disciplines } from '../features/chain';

/** The shell's discipline-list pane. */
export default function DisciplineList() {
  return <Disciplines />;
}
