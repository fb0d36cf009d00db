import { useDeferredValue, useState } from 'react';
import { describeApiError, fieldError } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { Alert, Button, Card, EmptyState, FormError, Loading, SelectField, TextField } from '../../ui';
import {
  coursePar,
  newCourseForm,
  toCreateInput,
  withHoleCount,
  type PersonalCourseForm,
} from './personal-course-form';
import { type Course, courseChoice, type CourseChoice } from './course-choice';
import { courseTitle } from './format';
import { LOCALES } from '../../../../shared/language';
import type { SearchOfficialAnswer } from '../../../../shared/schemas/courses';
import { useLanguage } from '../../i18n';

export type CourseFinderMode = 'navn' | 'naer' | 'internasjonalt' | 'ny';

const MODES: readonly CourseFinderMode[] = ['navn', 'naer', 'internasjonalt', 'ny'];

/** How many of my latest rounds the finder reads for its recent courses (the round wizard reads the same list). */
export const RECENT_ROUNDS = 20;

/**
 * What the course finder needs from its screen: which course is chosen, and what choosing one does. The
 * round wizard (its draft) and the tournament form (decision 0505) use the same finder.
 */
export interface CoursePick {
  chosenId: string | null;
  onChoose(course: CourseChoice): void;
  /** Only courses of this many holes are offered (a tournament is played on 18). */
  holeCount?: 9 | 18;
}

function CourseButton({ course, pick, extra }: { course: Course; pick: CoursePick; extra?: string }) {
  const { t } = useLanguage();
  const chosen = pick.chosenId === course.id;
  if (pick.holeCount && course.holes.length !== pick.holeCount) return null;
  return (
    <li>
      <button type="button" aria-pressed={chosen} onClick={() => pick.onChoose(courseChoice(course))}>
        <strong>{courseTitle(course)}</strong>
        <span className="small muted" style={{ display: 'block' }}>
          {[
            course.city,
            t('rounds.wizard.course.holes', { count: course.holes.length }),
            course.kind === 'personal' ? t('rounds.wizard.course.personal') : null,
            extra,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </button>
    </li>
  );
}

type Club = SearchOfficialAnswer['clubs'][number];

/**
 * What a search of clubs found: their courses in one list, each course's line with what its club adds to it, or
 * the empty state `none` says when it found no club.
 */
function ClubCourses({
  clubs,
  pick,
  none,
  label,
  busy,
  extra,
}: {
  clubs: Club[];
  pick: CoursePick;
  none: { title: string; hint: string };
  label: string;
  busy?: boolean;
  extra(club: Club): string | undefined;
}) {
  if (clubs.length === 0) {
    return (
      <EmptyState title={none.title}>
        <p>{none.hint}</p>
      </EmptyState>
    );
  }
  return (
    <ul className="result-list" aria-label={label} aria-busy={busy}>
      {clubs.flatMap((club) =>
        club.courses.map((course) => <CourseButton key={course.id} course={course} pick={pick} extra={extra(club)} />),
      )}
    </ul>
  );
}

/**
 * Finding a course: recent and own courses first, then by name, near me, the international search, or a
 * new personal course. `modes` limits the ways offered (a tournament offers no new personal course).
 */
export function CourseFinder({
  pick,
  mode,
  setMode,
  modes = MODES,
}: {
  pick: CoursePick;
  mode: CourseFinderMode;
  setMode(m: CourseFinderMode): void;
  modes?: readonly CourseFinderMode[];
}) {
  const { t } = useLanguage();
  return (
    <div>
      <RecentCourses pick={pick} />
      <fieldset className="tabs" aria-label={t('rounds.wizard.course.finder')}>
        {MODES.filter((m) => modes.includes(m)).map((m) => (
          <button key={m} type="button" aria-pressed={mode === m} onClick={() => setMode(m)}>
            {t(`rounds.wizard.course.modes.${m}`)}
          </button>
        ))}
      </fieldset>
      {mode === 'navn' ? <ByName pick={pick} /> : null}
      {mode === 'naer' ? <NearMe pick={pick} onByName={() => setMode('navn')} /> : null}
      {mode === 'internasjonalt' ? <International pick={pick} /> : null}
      {mode === 'ny' && modes.includes('ny') ? <NewCourse pick={pick} /> : null}
    </div>
  );
}

/** The courses of my latest rounds and my own courses, first, so the usual choice is one tap. */
function RecentCourses({ pick }: { pick: CoursePick }) {
  const utils = trpc.useUtils();
  const { t } = useLanguage();
  const mine = trpc.personalCourses.mine.useQuery();
  const rounds = trpc.rounds.mine.useQuery({ limit: RECENT_ROUNDS });
  const [loading, setLoading] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const seen = new Set<string>();
  const firstTime = (c: { id: string }) => {
    if (seen.has(c.id)) return false;
    seen.add(c.id);
    return true;
  };
  const recent = (rounds.data?.rounds ?? [])
    .map((r) => r.course)
    .filter(firstTime)
    .slice(0, 4);
  const own = (mine.data?.courses ?? []).filter(firstTime).slice(0, 4);
  if (recent.length === 0 && own.length === 0) return null;

  async function pickRecent(courseId: string) {
    setLoading(courseId);
    setFailed(null);
    try {
      const course = await utils.courses.get.fetch({ courseId });
      if (pick.holeCount && course.holes.length !== pick.holeCount)
        setFailed(t('rounds.wizard.course.wrongHoles', { holes: course.holes.length, wanted: pick.holeCount }));
      else pick.onChoose(courseChoice(course));
    } catch (error) {
      setFailed(describeApiError(error)?.message ?? null);
    } finally {
      setLoading(null);
    }
  }

  return (
    <Card title={t('rounds.wizard.course.recentTitle')}>
      {failed ? (
        <Alert tone="error">
          <p>{failed}</p>
        </Alert>
      ) : null}
      <ul className="result-list" aria-label={t('rounds.wizard.course.recentList')}>
        {recent.map((course) => (
          <li key={course.id}>
            <button
              type="button"
              aria-pressed={pick.chosenId === course.id}
              aria-busy={loading === course.id}
              onClick={() => void pickRecent(course.id)}
            >
              <strong>{courseTitle(course)}</strong>
              <span className="small muted" style={{ display: 'block' }}>
                {t('rounds.wizard.course.recentlyPlayed')}
              </span>
            </button>
          </li>
        ))}
        {own.map((course) => (
          <CourseButton key={course.id} course={course} pick={pick} />
        ))}
      </ul>
    </Card>
  );
}

function ByName({ pick }: { pick: CoursePick }) {
  const { t } = useLanguage();
  const [q, setQ] = useState('');
  const query = useDeferredValue(q.trim());
  const search = trpc.courses.searchOfficial.useQuery(
    { q: query, limit: 10 },
    { enabled: query.length >= 2, placeholderData: (p) => p },
  );
  const error = describeApiError(search.error);
  return (
    <Card>
      <TextField
        label={t('rounds.wizard.course.searchLabel')}
        type="search"
        name="q"
        autoComplete="off"
        hint={t('rounds.wizard.course.searchHint')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        error={fieldError(error, 'q')}
      />
      {query.length < 2 ? null : !search.data && !error ? (
        <Loading text={t('rounds.wizard.course.searching')} />
      ) : error || !search.data ? (
        <FormError error={error} fields={['q']} />
      ) : (
        <ClubCourses
          clubs={search.data.clubs}
          pick={pick}
          none={{ title: t('rounds.wizard.course.noneFor', { query }), hint: t('rounds.wizard.course.noneForHint') }}
          label={t('rounds.wizard.course.results')}
          busy={search.isFetching}
          extra={(club) => (club.isDemo ? t('rounds.wizard.course.demo') : undefined)}
        />
      )}
    </Card>
  );
}

type Position = { lat: number; lng: number };
type Where =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'found'; at: Position }
  | { kind: 'failed'; message: string };

function NearMe({ pick, onByName }: { pick: CoursePick; onByName(): void }) {
  const { t, language } = useLanguage();
  const [where, setWhere] = useState<Where>({ kind: 'idle' });
  const at = where.kind === 'found' ? where.at : null;
  const search = trpc.courses.searchOfficial.useQuery(
    { lat: at?.lat, lng: at?.lng, limit: 10 },
    { enabled: at !== null },
  );

  function locate() {
    if (!('geolocation' in navigator)) {
      setWhere({ kind: 'failed', message: t('rounds.wizard.course.noGeolocation') });
      return;
    }
    setWhere({ kind: 'asking' });
    navigator.geolocation.getCurrentPosition(
      (pos) =>
        setWhere({
          kind: 'found',
          at: { lat: Math.round(pos.coords.latitude * 1e4) / 1e4, lng: Math.round(pos.coords.longitude * 1e4) / 1e4 },
        }),
      (err) =>
        setWhere({
          kind: 'failed',
          message:
            err.code === err.PERMISSION_DENIED ? t('rounds.wizard.course.denied') : t('rounds.wizard.course.notFound'),
        }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  }

  return (
    <Card>
      {where.kind === 'failed' ? (
        <Alert tone="warning" focus>
          <p>{where.message}</p>
          <Button size="small" variant="secondary" onClick={onByName}>
            {t('rounds.wizard.course.byName')}
          </Button>
        </Alert>
      ) : null}
      {where.kind !== 'found' ? (
        <Button block busy={where.kind === 'asking'} onClick={locate}>
          {t('rounds.wizard.course.findNear')}
        </Button>
      ) : search.isPending ? (
        <Loading text={t('rounds.wizard.course.findingNear')} />
      ) : search.error ? (
        <FormError error={describeApiError(search.error)} />
      ) : (
        <ClubCourses
          clubs={search.data.clubs}
          pick={pick}
          none={{ title: t('rounds.wizard.course.noneNear'), hint: t('rounds.wizard.course.noneNearHint') }}
          label={t('rounds.wizard.course.near')}
          extra={(club) =>
            club.distanceKm !== undefined
              ? `${club.distanceKm.toLocaleString(LOCALES[language], { maximumFractionDigits: 1 })} km`
              : undefined
          }
        />
      )}
    </Card>
  );
}

function International({ pick }: { pick: CoursePick }) {
  const [q, setQ] = useState('');
  const { t } = useLanguage();
  const [country, setCountry] = useState('');
  const query = useDeferredValue(q.trim());
  const land = useDeferredValue(country.trim());
  const enabled = query.length >= 2 || land.length === 2;
  const search = trpc.personalCourses.internationalSearch.useQuery(
    { q: query || undefined, country: land || undefined },
    { enabled, placeholderData: (p) => p },
  );
  const error = describeApiError(search.error);
  return (
    <Card>
      <p className="small muted">{t('rounds.wizard.course.internationalHint')}</p>
      <div className="grid-2">
        <TextField
          label={t('rounds.wizard.course.placeLabel')}
          type="search"
          autoComplete="off"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          error={fieldError(error, 'q')}
        />
        <TextField
          label={t('rounds.wizard.course.countryLabel')}
          hint={t('rounds.wizard.course.countryHint')}
          autoComplete="off"
          maxLength={2}
          value={country}
          onChange={(e) => setCountry(e.target.value)}
          error={fieldError(error, 'country')}
        />
      </div>
      {!enabled ? null : !search.data && !error ? (
        <Loading text={t('rounds.wizard.course.searching')} />
      ) : error || !search.data ? (
        <FormError error={error} fields={['q', 'country']} />
      ) : search.data.courses.length === 0 ? (
        <EmptyState title={t('rounds.wizard.course.noneShared')}>
          <p>{t('rounds.wizard.course.noneSharedHint')}</p>
        </EmptyState>
      ) : (
        <ul className="result-list" aria-label={t('rounds.wizard.course.international')}>
          {search.data.courses.map((course) => (
            <CourseButton key={course.id} course={course} pick={pick} extra={course.country} />
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * A tee's fields on the new-course form, in the order they stand: each edits, and has its error shown from,
 * the tee's field of that name.
 */
const TEE_FIELDS = [
  { field: 'name', label: 'rounds.wizard.course.teeName', inputMode: undefined },
  { field: 'color', label: 'rounds.wizard.course.teeColour', inputMode: undefined },
  { field: 'courseRating', label: 'rounds.wizard.course.courseRating', inputMode: 'decimal' },
  { field: 'slope', label: 'rounds.wizard.course.slope', inputMode: 'numeric' },
] as const;

function NewCourse({ pick }: { pick: CoursePick }) {
  const { t } = useLanguage();
  const [form, setForm] = useState<PersonalCourseForm>(() => newCourseForm(18, t('rounds.colours.yellow')));
  const create = trpc.personalCourses.create.useMutation({
    onSuccess: (course) => pick.onChoose(courseChoice(course)),
  });
  const error = describeApiError(create.error);
  const setHole = (i: number, patch: Partial<PersonalCourseForm['holes'][number]>) =>
    setForm((f) => ({ ...f, holes: f.holes.map((h, j) => (j === i ? { ...h, ...patch } : h)) }));
  const setTee = (i: number, patch: Partial<PersonalCourseForm['tees'][number]>) =>
    setForm((f) => ({ ...f, tees: f.tees.map((t, j) => (j === i ? { ...t, ...patch } : t)) }));

  if (create.isSuccess) {
    return (
      <Alert tone="success">
        <p>{t('rounds.wizard.course.saved', { name: create.data.name })}</p>
      </Alert>
    );
  }

  return (
    <Card title={t('rounds.wizard.course.newTitle')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(toCreateInput(form));
        }}
        noValidate
      >
        <TextField
          label={t('rounds.wizard.course.name')}
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
          error={fieldError(error, 'name')}
        />
        <div className="grid-2">
          <TextField
            label={t('rounds.wizard.course.countryLabel')}
            maxLength={2}
            value={form.country}
            onChange={(e) => setForm({ ...form, country: e.target.value })}
            error={fieldError(error, 'country')}
          />
          <TextField
            label={t('rounds.wizard.course.city')}
            value={form.city}
            onChange={(e) => setForm({ ...form, city: e.target.value })}
            error={fieldError(error, 'city')}
          />
        </div>
        <SelectField
          label={t('rounds.wizard.course.holeCount')}
          value={String(form.holes.length)}
          onChange={(e) => setForm(withHoleCount(form, e.target.value === '9' ? 9 : 18))}
        >
          <option value="18">{t('rounds.wizard.course.holes', { count: 18 })}</option>
          <option value="9">{t('rounds.wizard.course.holes', { count: 9 })}</option>
        </SelectField>
        <fieldset className="field">
          <legend className="label">{t('rounds.wizard.course.holesLegend', { par: coursePar(form) })}</legend>
          {fieldError(error, 'holes') ? (
            <span className="error" role="alert">
              {fieldError(error, 'holes')}
            </span>
          ) : null}
          <div className="hole-grid">
            <span className="small muted">{t('rounds.wizard.course.hole')}</span>
            <span className="small muted">{t('rounds.wizard.course.par')}</span>
            <span className="small muted">{t('rounds.wizard.course.strokeIndex')}</span>
            {form.holes.map((hole, i) => (
              <HoleRowInputs key={i} number={i + 1} hole={hole} onChange={(patch) => setHole(i, patch)} />
            ))}
          </div>
        </fieldset>
        {form.tees.map((tee, i) => (
          <fieldset key={i} className="side-box">
            <legend className="label">{t('rounds.wizard.course.tee', { number: i + 1 })}</legend>
            <div className="grid-2">
              {TEE_FIELDS.map(({ field, label, inputMode }) => (
                <TextField
                  key={field}
                  label={t(label)}
                  inputMode={inputMode}
                  value={tee[field]}
                  onChange={(e) => setTee(i, { [field]: e.target.value })}
                  error={fieldError(error, `tees.${i}.${field}`)}
                />
              ))}
            </div>
            {fieldError(error, `tees.${i}.par`) ? (
              <p className="small error-text">{fieldError(error, `tees.${i}.par`)}</p>
            ) : null}
            {form.tees.length > 1 ? (
              <Button
                size="small"
                variant="link"
                onClick={() => setForm((f) => ({ ...f, tees: f.tees.filter((_, j) => j !== i) }))}
              >
                {t('rounds.wizard.course.removeTee')}
              </Button>
            ) : null}
          </fieldset>
        ))}
        <Button
          size="small"
          variant="secondary"
          onClick={() =>
            setForm((f) => ({ ...f, tees: [...f.tees, { name: '', color: '', courseRating: '', slope: '' }] }))
          }
        >
          {t('rounds.wizard.course.addTee')}
        </Button>
        <p className="small muted" style={{ marginTop: '1rem' }}>
          {t('rounds.wizard.course.ratingHint')}
        </p>
        <div className="checkbox">
          <input
            id="course-shared"
            type="checkbox"
            checked={form.shared}
            onChange={(e) => setForm({ ...form, shared: e.target.checked })}
          />
          <label htmlFor="course-shared">{t('rounds.wizard.course.share')}</label>
        </div>
        <FormError error={error} fields={['name', 'country', 'city', 'holes', 'tees']} />
        <Button type="submit" busy={create.isPending}>
          {t('rounds.wizard.course.save')}
        </Button>
      </form>
    </Card>
  );
}

function HoleRowInputs({
  number,
  hole,
  onChange,
}: {
  number: number;
  hole: PersonalCourseForm['holes'][number];
  onChange(patch: Partial<PersonalCourseForm['holes'][number]>): void;
}) {
  const { t } = useLanguage();
  return (
    <>
      <span>{number}</span>
      <select
        aria-label={t('rounds.wizard.course.parOf', { hole: number })}
        value={hole.par}
        onChange={(e) => onChange({ par: Number(e.target.value) })}
      >
        {[3, 4, 5, 6].map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </select>
      <input
        aria-label={t('rounds.wizard.course.indexOf', { hole: number })}
        inputMode="numeric"
        value={hole.strokeIndex}
        onChange={(e) => onChange({ strokeIndex: e.target.value.replace(/\D/g, '').slice(0, 2) })}
      />
    </>
  );
}
