/** An area's page (not the home page, the applications, the login or the offline screen). */
export const isAreaPath = (pathname: string) =>
  /^\/lms\/(?!(?:login|offline|apps)(?:\/|$))[^/]+/.test(pathname);

/** A page of the signed-in portal: the home page, the applications, an area (not the login or offline screen). */
export const isSignedInPath = (pathname: string) =>
  /^\/lms(?:\/|$)(?!(?:login|offline)(?:\/|$))/.test(pathname);
