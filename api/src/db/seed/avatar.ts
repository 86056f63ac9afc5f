const PALETTE = [
  '#4967a3',
  '#2f7d6d',
  '#8a4f9e',
  '#b5533c',
  '#3a7ca5',
  '#6b8e23',
  '#9c6644',
  '#5c6bc0',
];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small initials avatar, stored as the person's photo bytes (image/svg+xml). */
export function avatarSvg(fullName: string, colorIndex: number): Buffer {
  const [surname = '', first = ''] = fullName.split(' ');
  const initials = escapeXml(`${first.charAt(0)}${surname.charAt(0)}`);
  const color = PALETTE[colorIndex % PALETTE.length];
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
      `<rect width="128" height="128" rx="64" fill="${color}"/>` +
      `<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="Arial, sans-serif" ` +
      `font-size="48" fill="#fff">${initials}</text></svg>`,
    'utf8',
  );
}
