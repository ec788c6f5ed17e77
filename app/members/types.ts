// Shapes the member pages receive (no server imports: route components may use them).

export type ChecklistItemId = "verify-email" | "username" | "profile" | "review" | "listing" | "social-media" | "refer-a-friend" | "subscribe";

export interface ChecklistItem {
  id: ChecklistItemId;
  label: string;
  /** Where the member goes to do it. */
  href: string;
  /** The action's name on its button or link. */
  action: string;
  done: boolean;
}

export interface Checklist {
  items: ChecklistItem[];
  doneCount: number;
  dismissed: boolean;
}

export interface LeaderboardRow {
  rank: number;
  username: string;
  points: number;
  reviews: number;
  isMe: boolean;
}

export type LeaderboardPeriod = "month" | "year" | "all";
export const LEADERBOARD_PERIODS: readonly LeaderboardPeriod[] = ["month", "year", "all"];
