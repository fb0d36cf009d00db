import type { TextParams } from '../i18n/types';
import { SLOPE_MAX, SLOPE_MIN } from './courses';

/**
 * The fixed facts a schema rule's text names beyond what zod records on the issue. A `.min()` issue knows
 * only its minimum, but "Slope må være mellom 55 og 155." names both ends whichever was crossed; keyed by
 * the rule's message key, and merged into the parameters when it is worded (server/trpc/errors.ts).
 */
export const RULE_FACTS: Readonly<Record<string, TextParams>> = {
  'errors.courses.slopeRange': { min: SLOPE_MIN, max: SLOPE_MAX },
};
