import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useDeferredValue, useState, type Dispatch } from 'react';
import type { AppRouter } from '../../../../../server/trpc/router';
import { describeApiError, fieldError } from '../../../lib/api-error';
import { useTRPC } from '../../../trpc';
import { Alert, Button, Card, EmptyState, FormError, Loading, SelectField, TextField } from '../../../ui';
import {
  coursePar,
  newCourseForm,
  toCreateInput,
  withHoleCount,
  type PersonalCourseForm,
} from '../personal-course-form';
import { courseTitle } from '../format';
import { lastTeeOn, type CourseChoice, type WizardAction, type WizardState } from '../wizard-state';

type Course = inferRouterOutputs<AppRouter>['courses']['get'];
export type CourseFinderMode = 'navn' | 'naer' | 'internasjonalt' | 'ny';

const MODES: { id: CourseFinderMode; label: string }[] = [
  { id: 'navn', label: 'Søk' },
  { id: 'naer', label: 'Nær meg' },
  { id: 'internasjonalt', label: 'Internasjonalt' },
  { id: 'ny', label: 'Ny bane' },
];

/** How many of my latest rounds the course step reads: its recent courses and the tee last played. */
const RECENT_ROUNDS = 20;

export function courseChoice(course: Course): CourseChoice {
  return {
    id: course.id,
    name: course.name,
    kind: course.kind,
    clubName: course.club?.name ?? null,
    holeCount: course.holes.length,
    tees: course.tees.map((t) => ({
      id: t.id,
      name: t.name,
      color: t.color,
      gender: t.gender,
      par: t.par,
      lengthMeters: t.lengthMeters,
    })),
  };
}

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
  const chosen = pick.chosenId === course.id;
  if (pick.holeCount && course.holes.length !== pick.holeCount) return null;
  return (
    <li>
      <button type="button" aria-pressed={chosen} onClick={() => pick.onChoose(courseChoice(course))}>
        <strong>{courseTitle(course)}</strong>
        <span className="small muted" style={{ display: 'block' }}>
          {[course.city, `${course.holes.length} hull`, course.kind === 'personal' ? 'egen bane' : null, extra]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </button>
    </li>
  );
}

export function CourseStep({ state, dispatch }: { state: WizardState; dispatch: Dispatch<WizardAction> }) {
  const [mode, setMode] = useState<CourseFinderMode>('navn');
  const trpc = useTRPC();
  // The same list as the recent courses below (one request): the tee last played on the chosen course.
  const rounds = useQuery(trpc.rounds.mine.queryOptions({ limit: RECENT_ROUNDS }));
  return (
    <div>
      {state.course ? (
        <Alert tone="success">
          <p>
            Valgt:{' '}
            <strong data-testid="chosen-course">
              {courseTitle({
                ...state.course,
                club: state.course.clubName ? { slug: '', name: state.course.clubName } : undefined,
              })}
            </strong>
          </p>
        </Alert>
      ) : null}
      {state.roundId !== null ? (
        <p className="small muted">
          Runden er opprettet, så banen kan ikke endres. Vil du spille en annen bane, forkast og start på nytt.
        </p>
      ) : (
        <CourseFinder
          pick={{
            chosenId: state.course?.id ?? null,
            onChoose: (course) =>
              dispatch({
                type: 'chooseCourse',
                course,
                lastTeeId: lastTeeOn(rounds.data?.rounds ?? [], course.id),
              }),
          }}
          mode={mode}
          setMode={setMode}
        />
      )}
    </div>
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
  modes = MODES.map((m) => m.id),
}: {
  pick: CoursePick;
  mode: CourseFinderMode;
  setMode(m: CourseFinderMode): void;
  modes?: readonly CourseFinderMode[];
}) {
  return (
    <div>
      <RecentCourses pick={pick} />
      <fieldset className="tabs" aria-label="Finn bane">
        {MODES.filter((m) => modes.includes(m.id)).map((m) => (
          <button key={m.id} type="button" aria-pressed={mode === m.id} onClick={() => setMode(m.id)}>
            {m.label}
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
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mine = useQuery(trpc.personalCourses.mine.queryOptions());
  const rounds = useQuery(trpc.rounds.mine.queryOptions({ limit: RECENT_ROUNDS }));
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
      const course = await queryClient.fetchQuery(trpc.courses.get.queryOptions({ courseId }));
      if (pick.holeCount && course.holes.length !== pick.holeCount)
        setFailed(`Banen har ${course.holes.length} hull; her trengs en bane med ${pick.holeCount}.`);
      else pick.onChoose(courseChoice(course));
    } catch (error) {
      setFailed(describeApiError(error)?.message ?? null);
    } finally {
      setLoading(null);
    }
  }

  return (
    <Card title="Nylig brukt og egne baner">
      {failed ? (
        <Alert tone="error">
          <p>{failed}</p>
        </Alert>
      ) : null}
      <ul className="result-list" aria-label="Nylig brukte baner">
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
                Nylig spilt
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
  const trpc = useTRPC();
  const [q, setQ] = useState('');
  const query = useDeferredValue(q.trim());
  const search = useQuery(
    trpc.courses.searchOfficial.queryOptions(
      { q: query, limit: 10 },
      { enabled: query.length >= 2, placeholderData: (p) => p },
    ),
  );
  const error = describeApiError(search.error);
  return (
    <Card>
      <TextField
        label="Klubb eller bane"
        type="search"
        name="q"
        autoComplete="off"
        hint="Skriv minst to bokstaver."
        value={q}
        onChange={(e) => setQ(e.target.value)}
        error={fieldError(error, 'q')}
      />
      {query.length < 2 ? null : !search.data && !error ? (
        <Loading text="Søker …" />
      ) : error || !search.data ? (
        <FormError error={error} fields={['q']} />
      ) : search.data.clubs.length === 0 ? (
        <EmptyState title={`Ingen baner funnet for «${query}»`}>
          <p>Prøv et annet navn, det internasjonale søket, eller legg inn banen selv under «Ny bane».</p>
        </EmptyState>
      ) : (
        <ul className="result-list" aria-label="Søkeresultater" aria-busy={search.isFetching}>
          {search.data.clubs.flatMap((club) =>
            club.courses.map((course) => (
              <CourseButton key={course.id} course={course} pick={pick} extra={club.isDemo ? 'demodata' : undefined} />
            )),
          )}
        </ul>
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
  const trpc = useTRPC();
  const [where, setWhere] = useState<Where>({ kind: 'idle' });
  const at = where.kind === 'found' ? where.at : null;
  const search = useQuery(
    trpc.courses.searchOfficial.queryOptions({ lat: at?.lat, lng: at?.lng, limit: 10 }, { enabled: at !== null }),
  );

  function locate() {
    if (!('geolocation' in navigator)) {
      setWhere({ kind: 'failed', message: 'Nettleseren kan ikke finne posisjonen din.' });
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
            err.code === err.PERMISSION_DENIED
              ? 'Du har ikke gitt Golfkortet tilgang til posisjonen din. Du kan gi tilgang i nettleserens innstillinger, eller søke på navn.'
              : 'Fant ikke posisjonen din akkurat nå. Prøv igjen, eller søk på navn.',
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
            Søk på navn
          </Button>
        </Alert>
      ) : null}
      {where.kind !== 'found' ? (
        <Button block busy={where.kind === 'asking'} onClick={locate}>
          Finn baner nær meg
        </Button>
      ) : search.isPending ? (
        <Loading text="Finner baner i nærheten …" />
      ) : search.error ? (
        <FormError error={describeApiError(search.error)} />
      ) : search.data.clubs.length === 0 ? (
        <EmptyState title="Ingen baner innen 100 km">
          <p>Søk på navn eller i det internasjonale søket.</p>
        </EmptyState>
      ) : (
        <ul className="result-list" aria-label="Baner nær deg">
          {search.data.clubs.flatMap((club) =>
            club.courses.map((course) => (
              <CourseButton
                key={course.id}
                course={course}
                pick={pick}
                extra={
                  club.distanceKm !== undefined
                    ? `${club.distanceKm.toLocaleString('nb-NO', { maximumFractionDigits: 1 })} km`
                    : undefined
                }
              />
            )),
          )}
        </ul>
      )}
    </Card>
  );
}

function International({ pick }: { pick: CoursePick }) {
  const trpc = useTRPC();
  const [q, setQ] = useState('');
  const [country, setCountry] = useState('');
  const query = useDeferredValue(q.trim());
  const land = useDeferredValue(country.trim());
  const enabled = query.length >= 2 || land.length === 2;
  const search = useQuery(
    trpc.personalCourses.internationalSearch.queryOptions(
      { q: query || undefined, country: land || undefined },
      { enabled, placeholderData: (p) => p },
    ),
  );
  const error = describeApiError(search.error);
  return (
    <Card>
      <p className="small muted">Baner andre golfere har lagt inn og delt, over hele verden.</p>
      <div className="grid-2">
        <TextField
          label="Bane eller sted"
          type="search"
          autoComplete="off"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          error={fieldError(error, 'q')}
        />
        <TextField
          label="Land (kode)"
          hint="For eksempel ES"
          autoComplete="off"
          maxLength={2}
          value={country}
          onChange={(e) => setCountry(e.target.value)}
          error={fieldError(error, 'country')}
        />
      </div>
      {!enabled ? null : !search.data && !error ? (
        <Loading text="Søker …" />
      ) : error || !search.data ? (
        <FormError error={error} fields={['q', 'country']} />
      ) : search.data.courses.length === 0 ? (
        <EmptyState title="Ingen delte baner funnet">
          <p>Legg inn banen selv under «Ny bane».</p>
        </EmptyState>
      ) : (
        <ul className="result-list" aria-label="Internasjonale baner">
          {search.data.courses.map((course) => (
            <CourseButton key={course.id} course={course} pick={pick} extra={course.country} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function NewCourse({ pick }: { pick: CoursePick }) {
  const trpc = useTRPC();
  const [form, setForm] = useState<PersonalCourseForm>(() => newCourseForm(18));
  const create = useMutation(
    trpc.personalCourses.create.mutationOptions({ onSuccess: (course) => pick.onChoose(courseChoice(course)) }),
  );
  const error = describeApiError(create.error);
  const setHole = (i: number, patch: Partial<PersonalCourseForm['holes'][number]>) =>
    setForm((f) => ({ ...f, holes: f.holes.map((h, j) => (j === i ? { ...h, ...patch } : h)) }));
  const setTee = (i: number, patch: Partial<PersonalCourseForm['tees'][number]>) =>
    setForm((f) => ({ ...f, tees: f.tees.map((t, j) => (j === i ? { ...t, ...patch } : t)) }));

  if (create.isSuccess) {
    return (
      <Alert tone="success">
        <p>«{create.data.name}» er lagret som din bane og valgt for runden.</p>
      </Alert>
    );
  }

  return (
    <Card title="Legg inn en bane">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(toCreateInput(form));
        }}
        noValidate
      >
        <TextField
          label="Navn på banen"
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
          error={fieldError(error, 'name')}
        />
        <div className="grid-2">
          <TextField
            label="Land (kode)"
            maxLength={2}
            value={form.country}
            onChange={(e) => setForm({ ...form, country: e.target.value })}
            error={fieldError(error, 'country')}
          />
          <TextField
            label="Sted"
            value={form.city}
            onChange={(e) => setForm({ ...form, city: e.target.value })}
            error={fieldError(error, 'city')}
          />
        </div>
        <SelectField
          label="Antall hull"
          value={String(form.holes.length)}
          onChange={(e) => setForm(withHoleCount(form, e.target.value === '9' ? 9 : 18))}
        >
          <option value="18">18 hull</option>
          <option value="9">9 hull</option>
        </SelectField>
        <fieldset className="field">
          <legend className="label">Par og hcp-indeks per hull (par {coursePar(form)})</legend>
          {fieldError(error, 'holes') ? (
            <span className="error" role="alert">
              {fieldError(error, 'holes')}
            </span>
          ) : null}
          <div className="hole-grid">
            <span className="small muted">Hull</span>
            <span className="small muted">Par</span>
            <span className="small muted">Hcp-indeks</span>
            {form.holes.map((hole, i) => (
              <HoleRowInputs key={i} number={i + 1} hole={hole} onChange={(patch) => setHole(i, patch)} />
            ))}
          </div>
        </fieldset>
        {form.tees.map((tee, i) => (
          <fieldset key={i} className="side-box">
            <legend className="label">Teested {i + 1}</legend>
            <div className="grid-2">
              <TextField
                label="Navn"
                value={tee.name}
                onChange={(e) => setTee(i, { name: e.target.value })}
                error={fieldError(error, `tees.${i}.name`)}
              />
              <TextField
                label="Farge"
                value={tee.color}
                onChange={(e) => setTee(i, { color: e.target.value })}
                error={fieldError(error, `tees.${i}.color`)}
              />
              <TextField
                label="Course rating"
                inputMode="decimal"
                value={tee.courseRating}
                onChange={(e) => setTee(i, { courseRating: e.target.value })}
                error={fieldError(error, `tees.${i}.courseRating`)}
              />
              <TextField
                label="Slope"
                inputMode="numeric"
                value={tee.slope}
                onChange={(e) => setTee(i, { slope: e.target.value })}
                error={fieldError(error, `tees.${i}.slope`)}
              />
            </div>
            {fieldError(error, `tees.${i}.par`) ? (
              <p className="small" style={{ color: 'var(--danger)' }}>
                {fieldError(error, `tees.${i}.par`)}
              </p>
            ) : null}
            {form.tees.length > 1 ? (
              <Button
                size="small"
                variant="link"
                onClick={() => setForm((f) => ({ ...f, tees: f.tees.filter((_, j) => j !== i) }))}
              >
                Fjern teestedet
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
          Legg til teested
        </Button>
        <p className="small muted" style={{ marginTop: '1rem' }}>
          Course rating og slope brukes bare til å regne ut handicap på serveren. De vises aldri igjen, heller ikke for
          deg.
        </p>
        <div className="checkbox">
          <input
            id="course-shared"
            type="checkbox"
            checked={form.shared}
            onChange={(e) => setForm({ ...form, shared: e.target.checked })}
          />
          <label htmlFor="course-shared">Del banen, så andre golfere finner den i det internasjonale søket</label>
        </div>
        <FormError error={error} fields={['name', 'country', 'city', 'holes', 'tees']} />
        <Button type="submit" busy={create.isPending}>
          Lagre og velg banen
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
  return (
    <>
      <span>{number}</span>
      <select
        aria-label={`Par hull ${number}`}
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
        aria-label={`Hcp-indeks hull ${number}`}
        inputMode="numeric"
        value={hole.strokeIndex}
        onChange={(e) => onChange({ strokeIndex: e.target.value.replace(/\D/g, '').slice(0, 2) })}
      />
    </>
  );
}
