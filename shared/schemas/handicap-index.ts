import { z } from 'zod';
import { hasOneDecimal, MAX_HANDICAP_INDEX, MIN_HANDICAP_INDEX } from '../handicap-index';

/**
 * A Handicap Index as every input takes it (the account's, a guest's in a round or tournament, a
 * division's range, a tournament's limit): one decimal, −10.0 (a plus 10.0) to 54.0, each refusal saying which
 * rule it broke.
 */
export const handicapIndex = z
  .number({ message: 'errors.fields.handicapIndexNumber' })
  .min(MIN_HANDICAP_INDEX, { message: 'errors.fields.handicapIndexTooLow' })
  .max(MAX_HANDICAP_INDEX, { message: 'errors.fields.handicapIndexTooHigh' })
  .refine(hasOneDecimal, { message: 'errors.fields.handicapIndexOneDecimal' });
