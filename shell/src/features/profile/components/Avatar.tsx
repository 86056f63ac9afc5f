import styles from './Avatar.module.css';

function initialsOf(fullName: string): string {
  return fullName
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

interface Props {
  fullName: string;
  photo: string | null;
  size?: 'small' | 'large';
  /**
   * The initials are part of a control's name (the phone's profile button): a voice-control user
   * says what they see. Elsewhere they repeat the name beside them and stay hidden from readers.
   */
  spoken?: boolean;
}

/** The user's photo, or their initials on the theme colour when there is none. */
export function Avatar({ fullName, photo, size = 'large', spoken = false }: Props) {
  const className = `${styles.avatar} ${styles[size]}`;
  if (photo) return <img className={className} src={photo} alt="" />;
  return (
    <span className={`${className} ${styles.initials}`} aria-hidden={spoken ? undefined : true}>
      {initialsOf(fullName)}
    </span>
  );
}
