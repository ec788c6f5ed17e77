/** A member's session as the settings pages list it (times as ISO strings): shared by the server and the page. */
export interface SessionListItem {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  ip: string | null;
  userAgent: string | null;
  current: boolean;
}
