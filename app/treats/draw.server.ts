// The weighted draw (spec §5: chance = weight / total weight × 100). The random number comes from the
// operating system's CSPRNG (crypto.randomInt), so nobody can predict or steer which Treat is won.
import { randomInt } from "node:crypto";

export interface Weighted {
  id: number;
  weight: number;
}

/** randomInt's bound: the total weight must stay below 2^48. */
const MAX_TOTAL = 2 ** 48 - 1;

/** One option, drawn with probability weight / total; options of weight 0 are never drawn. Null when nothing can be drawn. */
export function drawWeighted<T extends Weighted>(options: readonly T[], random: (max: number) => number = randomInt): T | null {
  const drawable = options.filter((option) => Number.isInteger(option.weight) && option.weight > 0);
  const total = drawable.reduce((sum, option) => sum + option.weight, 0);
  if (total === 0 || total > MAX_TOTAL) return null;
  let ticket = random(total);
  for (const option of drawable) {
    if (ticket < option.weight) return option;
    ticket -= option.weight;
  }
  return null;
}
