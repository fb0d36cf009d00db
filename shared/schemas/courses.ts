import { z } from 'zod';
import type { KeyedIssue } from '../errors';
import { id } from './common';
import { userText } from './text';
import { courseKindSchema, teeGenderSchema } from './values';

/**
 * Courses (docs/contract.md section 8). Inputs are strict (unknown fields → 400). The outputs below are the
 * only shapes a course leaves the server in: the tee form is the simplified one, with no course rating
 * and no slope, and unknown keys are stripped by the output schemas as a second line of defence.
 */

/** A query-string number: "59.9" arrives as a string on REST, as a number on tRPC; "" means absent. */
export function queryNumber<T extends z.ZodNumber>(schema: T) {
  return z.preprocess((value) => {
    if (value === '' || value === undefined || value === null) return undefined;
    if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
    return value;
  }, schema.optional());
}

/** A query-string text: trimmed, and empty counts as absent. */
export const queryText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    userText().trim().max(max, { message: 'errors.fields.atMostCharacters' }).optional(),
  );

export const COURSE_SEARCH_DEFAULT_LIMIT = 10;
export const COURSE_SEARCH_MAX_LIMIT = 50;

export const searchOfficialInput = z
  .strictObject({
    q: queryText(100),
    lat: queryNumber(z.number().min(-90).max(90)),
    lng: queryNumber(z.number().min(-180).max(180)),
    limit: queryNumber(z.number().int().min(1).max(COURSE_SEARCH_MAX_LIMIT)),
  })
  .refine((v) => (v.lat === undefined) === (v.lng === undefined), {
    message: 'errors.courses.latAndLngBoth',
    path: ['lat'],
  });

export const courseIdInput = z.strictObject({ courseId: id });
export const personalCourseIdInput = z.strictObject({ personalCourseId: id });

export const internationalSearchInput = z.strictObject({
  q: queryText(100),
  country: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, { message: 'errors.courses.countryCode' })
      .transform((c) => c.toUpperCase())
      .optional(),
  ),
  limit: queryNumber(z.number().int().min(1).max(COURSE_SEARCH_MAX_LIMIT)),
});

// ---- Course definitions (personal courses and the import file) ----

export const SLOPE_MIN = 55;
export const SLOPE_MAX = 155;
/** Course rating bounds by number of holes; WHS sets none explicitly, these hold every real tee. */
export const COURSE_RATING_RANGE = { 18: { min: 40, max: 90 }, 9: { min: 20, max: 45 } } as const;
export const PAR_RANGE = { min: 3, max: 6 } as const;

const oneDecimal = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;

export const holeInput = z.strictObject({
  number: z.number().int().min(1).max(18),
  par: z
    .number()
    .int()
    .min(PAR_RANGE.min, { message: 'errors.courses.parRange' })
    .max(PAR_RANGE.max, { message: 'errors.courses.parRange' }),
  strokeIndex: z.number().int().min(1).max(18),
});

const teeFields = {
  name: userText().trim().min(1, { message: 'errors.courses.teeNameMissing' }).max(40),
  color: userText().trim().max(30).nullish(),
  gender: teeGenderSchema.nullish(),
  courseRating: z.number().refine(oneDecimal, { message: 'errors.courses.courseRatingOneDecimal' }),
  slope: z
    .number()
    .int()
    .min(SLOPE_MIN, { message: 'errors.courses.slopeRange' })
    .max(SLOPE_MAX, { message: 'errors.courses.slopeRange' }),
  par: z.number().int().min(27).max(108),
  lengths: z.array(z.number().int().min(30).max(800)).max(18).nullish(),
};

export const teeInput = z.strictObject(teeFields);

export const courseNameField = userText().trim().min(1, { message: 'errors.courses.nameMissing' }).max(120);
export const countryField = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, { message: 'errors.courses.countryCode' })
  .transform((c) => c.toUpperCase());

interface Definition {
  holes: readonly z.infer<typeof holeInput>[];
  tees: readonly { courseRating: number; par: number; lengths?: readonly number[] | null | undefined }[];
}

/**
 * The rules a course as a whole must keep: 9 or 18 holes numbered 1..n once each, stroke indexes a
 * permutation of 1..n, a course rating in range for the number of holes, one length per hole. Shared by
 * the create schema, the update (on the merged course) and the import.
 */
export function courseDefinitionIssues(course: Definition): KeyedIssue[] {
  const issues: KeyedIssue[] = [];
  const n = course.holes.length;
  if (n !== 9 && n !== 18) {
    issues.push({ path: 'holes', key: 'errors.courses.nineOrEighteenHoles' });
    return issues;
  }
  const numbers = new Set(course.holes.map((h) => h.number));
  if (numbers.size !== n || course.holes.some((h) => h.number > n)) {
    issues.push({ path: 'holes', key: 'errors.courses.holeNumbers', params: { holes: n } });
  }
  const indexes = new Set(course.holes.map((h) => h.strokeIndex));
  if (indexes.size !== n || course.holes.some((h) => h.strokeIndex > n)) {
    issues.push({ path: 'holes', key: 'errors.courses.strokeIndexes', params: { holes: n } });
  }
  const range = COURSE_RATING_RANGE[n];
  course.tees.forEach((tee, i) => {
    if (tee.courseRating < range.min || tee.courseRating > range.max) {
      issues.push({
        path: `tees.${i}.courseRating`,
        key: 'errors.courses.courseRatingRange',
        params: { holes: n, min: range.min, max: range.max },
      });
    }
    if (tee.par < n * PAR_RANGE.min || tee.par > n * PAR_RANGE.max) {
      issues.push({
        path: `tees.${i}.par`,
        key: 'errors.courses.parTotalRange',
        params: { holes: n, min: n * PAR_RANGE.min, max: n * PAR_RANGE.max },
      });
    }
    if (tee.lengths && tee.lengths.length !== n) {
      issues.push({ path: `tees.${i}.lengths`, key: 'errors.courses.lengthPerHole', params: { holes: n } });
    }
  });
  return issues;
}

function refineDefinition(course: Definition, ctx: z.RefinementCtx): void {
  for (const issue of courseDefinitionIssues(course)) {
    ctx.addIssue({
      code: 'custom',
      message: issue.key,
      params: issue.params,
      path: issue.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
    });
  }
}

const locationFields = {
  city: userText().trim().max(120).nullish(),
  lat: z.number().min(-90).max(90).nullish(),
  lng: z.number().min(-180).max(180).nullish(),
};

export const personalCourseCreateInput = z
  .strictObject({
    name: courseNameField,
    country: countryField,
    ...locationFields,
    shared: z.boolean(),
    holes: z.array(holeInput).min(1).max(18),
    tees: z.array(teeInput).min(1, { message: 'errors.courses.atLeastOneTee' }).max(10),
  })
  .superRefine(refineDefinition)
  .refine((v) => (v.lat == null) === (v.lng == null), {
    message: 'errors.courses.latAndLngTogether',
    path: ['lat'],
  });

/**
 * A change to a personal course. `tees`, when given, is the whole new list: a tee with an `id` keeps its
 * rating and slope unless new ones are sent (they are never shown, so the app cannot send them back), a
 * tee without an `id` is new, and a tee left out is removed (409 while a round uses it).
 */
export const personalCourseUpdateInput = z.strictObject({
  personalCourseId: id,
  name: courseNameField.optional(),
  country: countryField.optional(),
  ...locationFields,
  shared: z.boolean().optional(),
  holes: z.array(holeInput).min(1).max(18).optional(),
  tees: z
    .array(
      z.strictObject({
        ...teeFields,
        id: id.optional(),
        courseRating: teeFields.courseRating.optional(),
        slope: teeFields.slope.optional(),
      }),
    )
    .min(1, { message: 'errors.courses.atLeastOneTee' })
    .max(10)
    .optional(),
});

export type PersonalCourseCreate = z.infer<typeof personalCourseCreateInput>;
export type PersonalCourseUpdate = z.infer<typeof personalCourseUpdateInput>;

// ---- Outputs ----

/** The simplified tee form: everything a golfer needs, nothing the handicap is computed from. */
export const teeOutput = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  gender: teeGenderSchema.nullable(),
  par: z.number(),
  lengthMeters: z.number().nullable(),
});

export const courseOutput = z.object({
  id: z.string(),
  kind: courseKindSchema,
  name: z.string(),
  club: z.object({ slug: z.string(), name: z.string() }).optional(),
  country: z.string(),
  city: z.string().nullable(),
  holes: z.array(z.object({ number: z.number(), par: z.number(), strokeIndex: z.number() })),
  tees: z.array(teeOutput),
  /** Personal courses only. */
  shared: z.boolean().optional(),
  /** Personal courses only: whether the caller owns it (and may change it). */
  isMine: z.boolean().optional(),
});

export const searchOfficialOutput = z.object({
  clubs: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      city: z.string().nullable(),
      distanceKm: z.number().optional(),
      isDemo: z.boolean(),
      courses: z.array(courseOutput),
    }),
  ),
});

export const coursesOutput = z.object({ courses: z.array(courseOutput) });

export type Tee = z.infer<typeof teeOutput>;
export type Course = z.infer<typeof courseOutput>;
export type SearchOfficialAnswer = z.infer<typeof searchOfficialOutput>;
