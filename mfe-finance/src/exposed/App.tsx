import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { areaFromPath, SectionHeader, SectionInProgress } from '@lms/shared';
import { AREAS } from '../areas';
import '../i18n';
import { NAMESPACE } from '../i18n';
import styles from './App.module.css';
import { SCREENS } from './screens';

/** One remote, several shell routes: payment code (/lms/paymentcode), document orders (/lms/singlewindow) and the transcript (/lms/transcript). */
export default function App() {
  const { t } = useTranslation(NAMESPACE);
  const area = areaFromPath(useLocation().pathname, AREAS);
  const headingId = useId();
  const Screen = SCREENS[area];
  if (!Screen)
    return <SectionInProgress remote={NAMESPACE} version={__APP_VERSION__} area={area} />;
  return (
    <section
      className={styles.page}
      aria-labelledby={headingId}
      data-remote={NAMESPACE}
      data-remote-version={__APP_VERSION__}
    >
      <SectionHeader id={headingId} title={t(`${area}Title`)} subtitle={t(`${area}Description`)} />
      <Screen />
    </section>
  );
}
