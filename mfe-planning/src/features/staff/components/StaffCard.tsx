import { useTranslation } from 'react-i18next';
import {
  Button,
  confirm,
  notify,
  notifyFailure,
  STAFF_PERMISSIONS,
  type StaffMember,
  type StaffPermission,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useChangeRight } from '../api/staff';
import styles from './Staff.module.css';

/**
 * One staff member: their department and position, each right they hold or not, and the button
 * that grants or revokes it (a revoke only after a confirmation). The registrar's own rights are
 * changed by another registrar, so their own card has no buttons.
 */
export function StaffCard({ member, own }: { member: StaffMember; own: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const change = useChangeRight();
  const titleId = `staff-${member.uid}`;

  const setRight = async (permission: StaffPermission, granted: boolean) => {
    const right = t(`staff.right.${permission}`);
    if (!granted) {
      const yes = await confirm(t('staff.revokeQuestion', { right, name: member.fullName }), {
        confirmLabel: t('staff.revokeYes'),
        cancelLabel: t('staff.revokeNo'),
        danger: true,
      });
      if (!yes) return;
    }
    change.mutate(
      { uid: member.uid, permission, granted },
      {
        onSuccess: ({ changed }) =>
          notify(
            changed
              ? t(granted ? 'staff.granted' : 'staff.revoked', { right, name: member.fullName })
              : t('staff.unchanged', { name: member.fullName }),
            'success',
          ),
        onError: (error) => notifyFailure(error),
      },
    );
  };

  return (
    <li className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.name}>
        {member.fullName}
      </h3>
      <p className={styles.note}>
        {[member.department, member.position].filter(Boolean).join(', ')}
        {member.registrar && <span className={styles.badge}>{t('staff.registrar')}</span>}
      </p>
      <ul className={styles.rights} aria-label={t('staff.rightsOf', { name: member.fullName })}>
        {STAFF_PERMISSIONS.map((permission) => {
          const held = member[permission];
          const right = t(`staff.right.${permission}`);
          return (
            <li key={permission} className={styles.right}>
              <span>
                {right}:{' '}
                <strong className={held ? styles.held : undefined}>
                  {held ? t('staff.held') : t('staff.notHeld')}
                </strong>
              </span>
              {!own && (
                <Button
                  variant={held ? 'secondary' : 'primary'}
                  disabled={change.isPending}
                  aria-busy={change.isPending}
                  aria-label={t(held ? 'staff.revokeFor' : 'staff.grantFor', {
                    right,
                    name: member.fullName,
                  })}
                  onClick={() => void setRight(permission, !held)}
                >
                  {held ? t('staff.revoke') : t('staff.grant')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {own && <p className={styles.note}>{t('staff.ownAccount')}</p>}
    </li>
  );
}
