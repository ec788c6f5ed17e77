// The one place Bark Out awards Treat Points, so the points ledger behind it can change in one line.
import { awardPoints } from "../auth/points.server";
import { getEnv } from "../env.server";

/** Awards the configured STORY_POINTS to a story's author when the story is first published. */
export async function awardStoryPoints(userId: number, postTitle: string): Promise<void> {
  const points = getEnv().STORY_POINTS;
  if (points < 1) return;
  await awardPoints(userId, points, `Your story appeared on Bark Out: ${postTitle}`.slice(0, 200));
}
