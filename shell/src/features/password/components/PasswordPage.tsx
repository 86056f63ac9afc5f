import { useTranslation } from 'react-i18next';
import { PageFrame } from '@lms/shared';
import { PasswordChangeForm } from './PasswordChangeForm';

/** /lms/change-password: the form under the page's own heading. */
export function PasswordPage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      remote="shell"
      version={__APP_VERSION__}
      title={t('password.title')}
      description={t('password.description')}
    >
      <PasswordChangeForm titled={false} />
    </PageFrame>
  );
}
