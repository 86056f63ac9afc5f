import { isAreaIconName, type AreaIconName } from '../../../config/areas';

// Simple 24×24 line drawings, stroked with the current colour.
const PATHS: Record<AreaIconName, string> = {
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h3M13 14h3M8 17h3',
  statement: 'M6 3h9l4 4v14H6zM15 3v4h4M9 12h7M9 15h7M9 18h4',
  documents: 'M8 7V3h9l3 3v11h-4M4 7h9l3 3v11H4zM7 14h6M7 17h6',
  card: 'M3 5h18v14H3zM7 10a2 2 0 1 0 4 0a2 2 0 1 0-4 0M5.5 16c.6-1.8 2-2.7 3.5-2.7s2.9.9 3.5 2.7M14 9h4M14 12h4',
  journal: 'M5 4h13v16H5zM9 4v16M12 8h3M12 11h3M5 8H3M5 12H3M5 16H3',
  materials:
    'M12 6c-2-1.5-5-2-8-1.5v14c3-.5 6 0 8 1.5 2-1.5 5-2 8-1.5v-14c-3-.5-6 0-8 1.5zM12 6v14',
  books: 'M4 4h4v16H4zM9 4h4v16H9zM14.5 4.8l3.9-1 3.6 15.5-3.9 1z',
  test: 'M9 4h6v3H9zM6 6h3M15 6h3v15H6V6M9 12l1.5 1.5L14 10M9 17h6',
  workload: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  rating: 'M12 3l2.6 5.5 6 .7-4.4 4.1 1.2 6L12 16.3 6.6 19.3l1.2-6L3.4 9.2l6-.7z',
  survey: 'M5 4h14v16H5zM8 8h1M11 8h5M8 12h1M11 12h5M8 16h1M11 16h5',
  registration: 'M6 3h12v18H6zM9 8h6M9 12h6M12 15v4M10 17h4',
  payment: 'M3 6h18v12H3zM3 10h18M7 15h4',
  certificate: 'M4 4h16v12H4zM8 8h8M8 11h5M15 14a3 3 0 1 0 .01 0M13.5 16.5 13 21l2-1 2 1-.5-4.5',
  rooms: 'M4 21V5l8-2v18M12 5h8v16M9 12h1M2 21h20',
  webinar: 'M3 5h18v11H3zM8 20h8M12 16v4M10 8.5v4l3.5-2z',
  manual:
    'M12 21a9 9 0 1 0 0-18a9 9 0 1 0 0 18M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17h.01',
  transcript: 'M6 3h12v18H6zM9 7h6M9 10h6M9 13h3M14 16l1.5 1.5L18 15',
  news: 'M4 5h13v14H6a2 2 0 0 1-2-2zM17 9h3v8a2 2 0 0 1-2 2M7 9h7M7 12h7M7 15h4',
  chat: 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
};

/** A module's icon may be one the shell does not draw (a newer module): a plain square then. */
const GENERIC = 'M5 5h14v14H5zM9 9h6v6H9z';

export function AreaIcon({ name }: { name: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={isAreaIconName(name) ? PATHS[name] : GENERIC} />
    </svg>
  );
}
