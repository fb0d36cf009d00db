import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { tee } from '../db/schema';
import type { TeeRatings } from '../golf';

/**
 * The one place course rating and slope are read: the rounds domain computes handicaps from them on the
 * server. Nothing returned from here may be put into an answer, an event or a log line.
 */
export async function teeRatings(db: Queryable, teeId: string): Promise<(TeeRatings & { courseId: string }) | null> {
  const [row] = await db
    .select({
      courseId: tee.courseId,
      courseRating: tee.courseRating,
      slope: tee.slope,
      par: tee.par,
      front9Rating: tee.front9Rating,
      front9Slope: tee.front9Slope,
      back9Rating: tee.back9Rating,
      back9Slope: tee.back9Slope,
    })
    .from(tee)
    .where(eq(tee.id, teeId))
    .limit(1);
  return row ?? null;
}
