/** Sends the browser to another page (a CRM's authorize page). A module of its own so tests can stand in for it. */
export function assignLocation(url: string): void {
  window.location.assign(url);
}
