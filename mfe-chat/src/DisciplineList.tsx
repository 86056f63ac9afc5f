import './i18n';
import { PendingSection } from './components/PendingSection';

/** The shell's discipline-list pane. */
export default function DisciplineList() {
  return (
    <PendingSection
      titleKey="disciplinesTitle"
      descriptionKey="disciplinesDescription"
      variant="pane"
    />
  );
}
