/** Sends the browser to the provider's payment page (a full page load, the provider's origin). */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
