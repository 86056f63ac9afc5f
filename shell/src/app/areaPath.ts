/** An area's page (not the home page, the applications, the login or the offline screen). */
export const isAreaPath = (pathname: string) =>
  /^\/lms\/(?!(?:login|offline|apps)(?:\/|$))[^/]+/.test(pathname);
