import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** The QR of a text as an image (drawn here: nothing is fetched from elsewhere). */
export function QrImage({ text, label, size }: { text: string; label: string; size: number }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: size * 2 }).then(
      (url) => current && setImage(url),
      () => current && setImage(null),
    );
    return () => {
      current = false;
    };
  }, [text, size]);
  return image ? (
    <img src={image} width={size} height={size} alt={label} data-qr-text={text} />
  ) : (
    <div style={{ width: size, height: size }} aria-hidden="true" />
  );
}
