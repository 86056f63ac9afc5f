import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { useButtonClass } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import styles from './PaymentScreen.module.css';

/** The EMVCo payload as a QR image, with a link that saves it as a PNG. */
export function PaymentQr({ payload, code }: { payload: string; code: string }) {
  const { t } = useTranslation(NAMESPACE);
  const linkButton = useButtonClass('primary', styles.action);
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 320 }).then(
      (url) => current && setImage(url),
      () => current && setImage(null),
    );
    return () => {
      current = false;
    };
  }, [payload]);
  return (
    <figure className={styles.qr}>
      {image ? (
        <img src={image} width={220} height={220} alt={t('payment.qr.alt', { code })} />
      ) : (
        <div className={styles.qrPlaceholder} aria-hidden="true" />
      )}
      <figcaption>
        <p>{t('payment.qr.note')}</p>
        {image && (
          <a className={linkButton} href={image} download={`payment-${code}.png`}>
            {t('payment.qr.save')}
          </a>
        )}
      </figcaption>
    </figure>
  );
}
