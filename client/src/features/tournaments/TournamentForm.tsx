import { useState, type FormEvent } from 'react';
import { TOURNAMENT_MAX_DIVISIONS, TOURNAMENT_MAX_ROUNDS } from '../../../../shared/tournament-rules';
import { useLanguage } from '../../i18n';
import { describeApiError, type ApiErrorView } from '../../lib/api-error';
import { Alert, Button, Card, FormError, SelectField, TextField } from '../../ui';
import { courseTitle, teeLabel } from '../courses/format';
import { CourseFinder, type CourseFinderMode } from '../courses/CourseFinder';
import {
  allowanceHint,
  formatHint,
  showsAllowance,
  teamSizeChoices,
  tieBreakHint,
  toTournamentFields,
  withFormat,
  type TournamentFields,
  type TournamentForm,
} from './tournament-form';
import { FORMAT_NAME, TIE_BREAK_NAME, VISIBILITY_NAME } from './tournament';
import './tournaments.css';
import {
  isTeamFormat,
  TIE_BREAKS,
  TOURNAMENT_FORMATS,
  TOURNAMENT_VISIBILITIES,
  type TieBreak,
  type TournamentFormat,
  type TournamentVisibility,
} from '../../../../shared/values';

/** A tournament is played on an official or shared course found by search; no new personal course here. */
const MODES: readonly CourseFinderMode[] = ['navn', 'naer', 'internasjonalt'];

/**
 * Create and edit: name, description, visibility, format and allowance, how ties are decided, rounds with
 * their dates on one 18-hole course (found with the round wizard's course finder), divisions with tee and
 * handicap range, entry limit and closing time. `locked`: play has started, so format, allowance, tie-break,
 * rounds and divisions stay as they are (the server refuses a change then).
 */
export function TournamentFormView({
  initial,
  submitLabel,
  busy,
  error,
  locked = false,
  onSubmit,
}: {
  initial: TournamentForm;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  locked?: boolean;
  onSubmit(fields: TournamentFields): void;
}) {
  const { t, language } = useLanguage();
  const [form, setForm] = useState(initial);
  const [mine, setMine] = useState<Record<string, string>>({});
  const server = describeApiError(error);
  const field = (path: string) => mine[path] ?? server?.fields[path];
  const set = (patch: Partial<TournamentForm>) => setForm((f) => ({ ...f, ...patch }));
  const setDivision = (i: number, patch: Partial<TournamentForm['divisions'][number]>) =>
    set({ divisions: form.divisions.map((x, j) => (j === i ? { ...x, ...patch } : x)) });

  function submit(e: FormEvent) {
    e.preventDefault();
    const result = toTournamentFields(form, t);
    if (!result.ok) {
      setMine(result.fields);
      return;
    }
    setMine({});
    onSubmit(result.value);
  }

  const handled = [
    'name',
    'description',
    'visibility',
    'format',
    'teamSize',
    'allowancePercent',
    'tieBreak',
    'maxHandicapIndex',
    'entryLimit',
    'entriesCloseAt',
    'rounds',
    'divisions',
  ];
  return (
    <form onSubmit={submit} noValidate>
      <Card title={t('tournaments.fields.tournament')}>
        <TextField
          label={t('tournaments.fields.name')}
          value={form.name}
          onChange={(e) => set({ name: e.target.value })}
          error={field('name')}
          maxLength={120}
          required
        />
        <div className="field">
          <label htmlFor="tournament-description">{t('tournaments.fields.description')}</label>
          <textarea
            id="tournament-description"
            rows={3}
            value={form.description}
            onChange={(e) => set({ description: e.target.value })}
            aria-invalid={field('description') ? true : undefined}
          />
          {field('description') ? <span className="error">{field('description')}</span> : null}
        </div>
        <SelectField
          label={t('tournaments.fields.visibility')}
          value={form.visibility}
          onChange={(e) => set({ visibility: e.target.value as TournamentVisibility })}
          error={field('visibility')}
        >
          {TOURNAMENT_VISIBILITIES.map((v) => (
            <option key={v} value={v}>
              {VISIBILITY_NAME[language][v]}
            </option>
          ))}
        </SelectField>
        <div className="format-fields">
          <SelectField
            label={t('tournaments.fields.format')}
            value={form.format}
            disabled={locked}
            hint={formatHint(form.format, t, form.teamSize)}
            onChange={(e) => setForm((f) => withFormat(f, e.target.value as TournamentFormat))}
            error={field('format')}
          >
            {TOURNAMENT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {FORMAT_NAME[language][f]}
              </option>
            ))}
          </SelectField>
          {teamSizeChoices(form.format).length > 0 ? (
            <SelectField
              label={t('tournaments.form.teamSize')}
              value={String(form.teamSize)}
              disabled={locked}
              onChange={(e) => set({ teamSize: Number(e.target.value) })}
              error={field('teamSize')}
            >
              {teamSizeChoices(form.format).map((size) => (
                <option key={size} value={size}>
                  {t('tournaments.form.teamSizeOption', { count: size })}
                </option>
              ))}
            </SelectField>
          ) : null}
          {showsAllowance(form.format) ? (
            <TextField
              label={t('tournaments.fields.allowance')}
              inputMode="numeric"
              disabled={locked}
              value={form.allowance}
              hint={allowanceHint(form.format, t)}
              onChange={(e) => set({ allowance: e.target.value })}
              error={field('allowancePercent')}
            />
          ) : null}
        </div>
        {isTeamFormat(form.format) ? (
          <p className="small muted" data-testid="team-format-note">
            {teamSizeChoices(form.format).length === 0
              ? `${t('tournaments.form.teamSizeFixed', { count: form.teamSize })} `
              : ''}
            {showsAllowance(form.format) ? '' : t('tournaments.form.allowanceFixed')}
          </p>
        ) : null}
        {field('teamSize') && teamSizeChoices(form.format).length === 0 ? (
          <FieldProblem message={field('teamSize')} />
        ) : null}
        {field('allowancePercent') && !showsAllowance(form.format) ? (
          <FieldProblem message={field('allowancePercent')} />
        ) : null}
        <SelectField
          label={t('tournaments.fields.tieBreak')}
          value={form.tieBreak}
          disabled={locked}
          hint={tieBreakHint(form.tieBreak, t)}
          onChange={(e) => set({ tieBreak: e.target.value as TieBreak })}
          error={field('tieBreak')}
        >
          {TIE_BREAKS.map((b) => (
            <option key={b} value={b}>
              {TIE_BREAK_NAME[language][b]}
            </option>
          ))}
        </SelectField>
      </Card>

      <Card title={t('tournaments.fields.courseAndRounds')}>
        {locked ? <p className="small muted">{t('tournaments.fields.started')}</p> : null}
        <ChosenCourse form={form} />
        <FieldProblem message={field('course')} />
        {!locked ? (
          <CoursePicker
            chosenId={form.course?.id ?? null}
            onChoose={(course) =>
              set({
                course,
                divisions: form.divisions.map((d) => ({
                  ...d,
                  teeId: course.tees.some((tee) => tee.id === d.teeId) ? d.teeId : '',
                })),
              })
            }
          />
        ) : null}
        <fieldset className="field">
          <legend className="label">{t('tournaments.fields.rounds', { count: form.dates.length })}</legend>
          {form.dates.map((date, i) => (
            <div key={i} className="row" style={{ alignItems: 'flex-end' }}>
              <TextField
                label={t('tournaments.fields.roundDate', { number: i + 1 })}
                type="date"
                disabled={locked}
                value={date}
                onChange={(e) => set({ dates: form.dates.map((d, j) => (j === i ? e.target.value : d)) })}
                error={field(`rounds.${i}.playedOn`)}
              />
              {!locked && form.dates.length > 1 && i === form.dates.length - 1 ? (
                <Button size="small" variant="link" onClick={() => set({ dates: form.dates.slice(0, -1) })}>
                  {t('tournaments.fields.removeRound', { number: i + 1 })}
                </Button>
              ) : null}
            </div>
          ))}
          <FieldProblem message={field('rounds')} />
          {!locked && form.dates.length < TOURNAMENT_MAX_ROUNDS ? (
            <Button
              size="small"
              variant="secondary"
              onClick={() => set({ dates: [...form.dates, form.dates[form.dates.length - 1] ?? ''] })}
            >
              {t('tournaments.fields.addRound')}
            </Button>
          ) : null}
        </fieldset>
      </Card>

      <Card title={t('tournaments.fields.divisions')}>
        {form.divisions.map((d, i) => (
          <fieldset key={d.id ?? `new-${i}`} className="side-box">
            <legend className="label">{t('tournaments.fields.division', { number: i + 1 })}</legend>
            <TextField
              label={t('tournaments.fields.divisionName')}
              disabled={locked}
              value={d.name}
              onChange={(e) => setDivision(i, { name: e.target.value })}
              error={field(`divisions.${i}.name`)}
            />
            <SelectField
              label={t('tournaments.fields.tee')}
              disabled={locked || !form.course}
              value={d.teeId}
              onChange={(e) => setDivision(i, { teeId: e.target.value })}
              error={field(`divisions.${i}.teeId`)}
              hint={form.course ? undefined : t('tournaments.fields.courseFirst')}
            >
              <option value="">{t('tournaments.fields.chooseTee')}</option>
              {(form.course?.tees ?? []).map((tee) => (
                <option key={tee.id} value={tee.id}>
                  {tee.lengthMeters
                    ? t('tournaments.fields.teeLength', {
                        name: teeLabel(tee, language),
                        length: tee.lengthMeters,
                        par: tee.par,
                      })
                    : t('tournaments.fields.teePar', { name: teeLabel(tee, language), par: tee.par })}
                </option>
              ))}
            </SelectField>
            <div className="grid-2">
              <TextField
                label={t('tournaments.fields.minIndex')}
                inputMode="decimal"
                disabled={locked}
                value={d.min}
                onChange={(e) => setDivision(i, { min: e.target.value })}
                error={field(`divisions.${i}.minHandicapIndex`)}
              />
              <TextField
                label={t('tournaments.fields.maxIndex')}
                inputMode="decimal"
                disabled={locked}
                value={d.max}
                onChange={(e) => setDivision(i, { max: e.target.value })}
                error={field(`divisions.${i}.maxHandicapIndex`)}
              />
            </div>
            {!locked && form.divisions.length > 1 ? (
              <Button
                size="small"
                variant="link"
                onClick={() => set({ divisions: form.divisions.filter((_, j) => j !== i) })}
              >
                {t('tournaments.fields.removeDivision')}
              </Button>
            ) : null}
          </fieldset>
        ))}
        <FieldProblem message={field('divisions')} />
        {!locked && form.divisions.length < TOURNAMENT_MAX_DIVISIONS ? (
          <Button
            size="small"
            variant="secondary"
            onClick={() => set({ divisions: [...form.divisions, { name: '', teeId: '', min: '', max: '' }] })}
          >
            {t('tournaments.fields.addDivision')}
          </Button>
        ) : null}
      </Card>

      <Card title={t('tournaments.fields.entries')}>
        <div className="grid-2">
          <TextField
            label={t('tournaments.fields.entryLimit')}
            inputMode="numeric"
            value={form.entryLimit}
            onChange={(e) => set({ entryLimit: e.target.value })}
            error={field('entryLimit')}
          />
          <TextField
            label={t('tournaments.fields.entryMaxIndex')}
            inputMode="decimal"
            value={form.maxIndex}
            onChange={(e) => set({ maxIndex: e.target.value })}
            error={field('maxHandicapIndex')}
          />
        </div>
        <TextField
          label={t('tournaments.fields.closesAt')}
          type="datetime-local"
          value={form.closesAt}
          onChange={(e) => set({ closesAt: e.target.value })}
          error={field('entriesCloseAt')}
          hint={t('tournaments.fields.closesAtHint')}
        />
      </Card>

      <OtherErrors error={server} handled={handled} />
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** Messages for fields the form has no place for (a division's id, a course the admin cannot see, …). */
function OtherErrors({ error, handled }: { error: ApiErrorView | null; handled: string[] }) {
  const { t } = useLanguage();
  if (!error) return null;
  const placed = (path: string) => handled.some((h) => path === h || path.startsWith(`${h}.`));
  const fields = Object.keys(error.fields).filter((p) => !placed(p));
  if (Object.keys(error.fields).length > 0 && fields.length === 0) {
    return (
      <Alert tone="error" focus>
        <p>{t('tournaments.fields.fixFields')}</p>
      </Alert>
    );
  }
  return <FormError error={error} fields={Object.keys(error.fields).filter(placed)} />;
}

function ChosenCourse({ form }: { form: TournamentForm }) {
  const { t } = useLanguage();
  if (!form.course) return <p className="muted">{t('tournaments.fields.noCourse')}</p>;
  const c = form.course;
  return (
    <Alert tone="success">
      <p>
        {t('tournaments.fields.course')}{' '}
        <strong data-testid="tournament-course">
          {courseTitle({ ...c, club: c.clubName ? { slug: '', name: c.clubName } : undefined })}
        </strong>
      </p>
    </Alert>
  );
}

function CoursePicker({
  chosenId,
  onChoose,
}: {
  chosenId: string | null;
  onChoose: Parameters<typeof CourseFinder>[0]['pick']['onChoose'];
}) {
  const [mode, setMode] = useState<CourseFinderMode>('navn');
  return <CourseFinder pick={{ chosenId, onChoose, holeCount: 18 }} mode={mode} setMode={setMode} modes={MODES} />;
}

/** A problem of a part of the form that has no one input (the course, the rounds, the divisions). */
function FieldProblem({ message }: { message: string | undefined }) {
  return message ? (
    <p className="error" role="alert">
      {message}
    </p>
  ) : null;
}
