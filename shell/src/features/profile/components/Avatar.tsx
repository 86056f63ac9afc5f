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
}

/** The user's photo, or their initials on the theme colour when there is none. */
export function Avatar({ fullName, photo, size = 'large' }: Props) {
  const className = `${styles.avatar} ${styles[size]}`;
  if (photo) return <img className={className} src={photo} alt="" />;
  return (
    <span className={`${className} ${styles.initials}`} aria-hidden="true">
      {initialsOf(fullName)}
    </span>
  );
}
