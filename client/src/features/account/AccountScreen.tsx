import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { describeApiError, fieldError } from '../../lib/api-error';
import { formatHandicapIndex, parseHandicapIndex } from '../../lib/handicap';
import { ROUTES } from '../../routes';
import { useForgetSession, useRefreshSession, useSession, useSetUser, type User } from '../../session/useSession';
import { useTRPC } from '../../trpc';
import { Alert, Button, Card, CodeInput, FormError, Loading, Page, TextField } from '../../ui';
import { RecoveryCodes } from '../auth/RecoveryCodes';
import { TWO_FACTOR_METHOD_LABELS } from '../../../../shared/values';
import { CurrentCodeField } from './CurrentCodeField';
import { DeleteAccountCard, ExportCard } from './OwnDataCards';
import { LanguageCard } from './LanguageCard';

const METHOD_NAME = TWO_FACTOR_METHOD_LABELS.nb;

export default function AccountScreen() {
  const session = useSession();
  if (session.status !== 'full') return <Loading />;
  const user = session.user;
  return (
    <Page title="Konto">
      <ProfileCard user={user} />
      <LanguageCard saved={session.language} />
      <TwoFactorCard user={user} />
      <PasswordCard user={user} />
      <EmailsCard />
      <SessionsCard />
      <MergeCard />
      <ExportCard />
      <DeleteAccountCard user={user} />
      {user.isSuperAdmin ? (
        <Card title="Drift">
          <Link href={ROUTES.operator}>Brukere og klubber (superadministrator)</Link>
        </Card>
      ) : null}
    </Page>
  );
}

function ProfileCard({ user }: { user: User }) {
  const trpc = useTRPC();
  const updateMe = useSetUser();
  const [name, setName] = useState(user.name ?? '');
  const [index, setIndex] = useState(user.handicapIndex === null ? '' : formatHandicapIndex(user.handicapIndex));
  const [localError, setLocalError] = useState<string | null>(null);
  const save = useMutation(
    trpc.account.updateProfile.mutationOptions({ onSuccess: ({ user: updated }) => updateMe(updated) }),
  );
  const error = describeApiError(save.error);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = parseHandicapIndex(index);
    if (!parsed.ok) {
      setLocalError(parsed.message);
      return;
    }
    setLocalError(null);
    save.mutate({ name: name.trim() === '' ? null : name.trim(), handicapIndex: parsed.value });
  }

  return (
    <Card title="Profil">
      <form onSubmit={submit} noValidate>
        <TextField
          label="Navn"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fieldError(error, 'name')}
        />
        <TextField
          label="Handicapindeks"
          name="handicapIndex"
          inputMode="decimal"
          hint="For eksempel 18,4. Plusshandicap skrives med +, for eksempel +1,2."
          value={index}
          onChange={(e) => setIndex(e.target.value)}
          error={localError ?? fieldError(error, 'handicapIndex')}
        />
        <FormError error={error} fields={['name', 'handicapIndex']} />
        {save.isSuccess ? (
          <Alert tone="success">
            <p>Profilen er lagret.</p>
          </Alert>
        ) : null}
        <Button type="submit" busy={save.isPending}>
          Lagre profil
        </Button>
      </form>
    </Card>
  );
}

function TwoFactorCard({ user }: { user: User }) {
  const trpc = useTRPC();
  const refreshSession = useRefreshSession();
  const [, navigate] = useLocation();
  const [action, setAction] = useState<'none' | 'disable' | 'codes'>('none');
  const [code, setCode] = useState('');
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const disable = useMutation(
    trpc.twoFactor.disable.mutationOptions({
      onSuccess: () => {
        setAction('none');
        setCode('');
        refreshSession();
      },
    }),
  );
  const regenerate = useMutation(
    trpc.twoFactor.regenerateRecoveryCodes.mutationOptions({
      onSuccess: ({ recoveryCodes }) => {
        setNewCodes(recoveryCodes);
        setCode('');
      },
    }),
  );
  const method = user.twoFactorMethod;
  const error = describeApiError(action === 'disable' ? disable.error : regenerate.error);

  if (newCodes) {
    return (
      <Card title="Nye gjenopprettingskoder">
        <p>De gamle kodene virker ikke lenger.</p>
        <RecoveryCodes
          codes={newCodes}
          email={user.email}
          doneLabel="Ferdig"
          onDone={() => {
            setNewCodes(null);
            setAction('none');
          }}
        />
      </Card>
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (action === 'disable') disable.mutate({ code: code.trim() });
    if (action === 'codes') regenerate.mutate({ code: code.trim() });
  }

  return (
    <Card title="Tofaktorautentisering">
      {disable.isSuccess ? (
        <Alert tone="success">
          <p>Tofaktorautentisering er slått av.</p>
        </Alert>
      ) : null}
      {method ? (
        <p>
          På: <strong>{METHOD_NAME[method]}</strong>
        </p>
      ) : (
        <p>Av. Med tofaktor trenger innlogging også en kode fra telefonen eller e-posten din.</p>
      )}
      <div className="row" style={{ marginBottom: action === 'none' ? 0 : '1rem' }}>
        <Button
          size="small"
          variant={method ? 'secondary' : 'primary'}
          onClick={() => navigate(ROUTES.accountTwoFactor)}
        >
          {method ? 'Bytt metode' : 'Slå på tofaktor'}
        </Button>
        {method ? (
          <>
            <Button
              size="small"
              variant="secondary"
              aria-expanded={action === 'codes'}
              onClick={() => {
                setAction(action === 'codes' ? 'none' : 'codes');
                setCode('');
              }}
            >
              Nye gjenopprettingskoder
            </Button>
            <Button
              size="small"
              variant="danger"
              aria-expanded={action === 'disable'}
              onClick={() => {
                setAction(action === 'disable' ? 'none' : 'disable');
                setCode('');
              }}
            >
              Slå av
            </Button>
          </>
        ) : null}
      </div>
      {method && action !== 'none' ? (
        <form onSubmit={submit} noValidate>
          <p>
            {action === 'disable'
              ? 'Bekreft med en kode for å slå av tofaktor.'
              : 'Bekreft med en kode for å lage nye gjenopprettingskoder.'}
          </p>
          <CurrentCodeField
            method={method}
            value={code}
            onChange={setCode}
            error={fieldError(error, 'code', ['INVALID_CODE', 'TWO_FACTOR_REQUIRED'])}
          />
          <FormError error={error} fields={['code']} fieldCodes={['INVALID_CODE', 'TWO_FACTOR_REQUIRED']} />
          <Button
            type="submit"
            variant={action === 'disable' ? 'danger' : 'primary'}
            busy={disable.isPending || regenerate.isPending}
            disabled={code.trim().length < 6}
          >
            {action === 'disable' ? 'Slå av tofaktor' : 'Lag nye koder'}
          </Button>
        </form>
      ) : null}
    </Card>
  );
}

function PasswordCard({ user }: { user: User }) {
  const trpc = useTRPC();
  const refreshSession = useRefreshSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = useMutation(
    trpc.auth.setPassword.mutationOptions({
      onSuccess: () => {
        setCurrent('');
        setNext('');
        refreshSession();
      },
    }),
  );
  const error = describeApiError(change.error);
  function submit(e: FormEvent) {
    e.preventDefault();
    change.mutate(user.hasPassword ? { newPassword: next, currentPassword: current } : { newPassword: next });
  }
  return (
    <Card title="Passord">
      <form onSubmit={submit} noValidate>
        {/* A hidden username helps password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
        {user.hasPassword ? (
          <TextField
            label="Nåværende passord"
            type="password"
            name="currentPassword"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            error={fieldError(error, 'currentPassword', ['INVALID_CREDENTIALS'])}
          />
        ) : (
          <p className="muted small">Du har ikke passord ennå. Med passord kan du logge inn uten e-postlenke.</p>
        )}
        <TextField
          label="Nytt passord"
          type="password"
          name="newPassword"
          autoComplete="new-password"
          hint="Minst 10 tegn. Mellomrom og alle slags tegn er lov."
          value={next}
          onChange={(e) => setNext(e.target.value)}
          error={fieldError(error, 'newPassword')}
        />
        <FormError
          error={error}
          fields={['currentPassword', 'newPassword']}
          fieldCodes={user.hasPassword ? ['INVALID_CREDENTIALS'] : []}
        />
        {change.isSuccess ? (
          <Alert tone="success">
            <p>Passordet er lagret. Andre enheter er logget ut.</p>
          </Alert>
        ) : null}
        <Button type="submit" busy={change.isPending}>
          {user.hasPassword ? 'Bytt passord' : 'Lagre passord'}
        </Button>
      </form>
    </Card>
  );
}

function EmailsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const emails = useQuery(trpc.account.emails.queryOptions());
  const [address, setAddress] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.account.emails.queryKey() });
  const add = useMutation(
    trpc.account.addEmail.mutationOptions({
      onSuccess: (_d, input) => {
        setSentTo(input.email);
        setAddress('');
      },
    }),
  );
  const confirm = useMutation(
    trpc.account.confirmEmail.mutationOptions({
      onSuccess: () => {
        setSentTo(null);
        setCode('');
        refresh();
      },
    }),
  );
  const remove = useMutation(trpc.account.removeEmail.mutationOptions({ onSuccess: refresh }));
  const addError = describeApiError(add.error);
  const confirmError = describeApiError(confirm.error);

  return (
    <Card title="E-postadresser">
      {emails.isPending ? (
        <Loading />
      ) : emails.error ? (
        <Alert tone="error">
          <p>{describeApiError(emails.error)?.message}</p>
        </Alert>
      ) : (
        <ul className="list">
          <li className="row between">
            <span>{emails.data.primary}</span> <span className="badge">Hovedadresse</span>
          </li>
          {emails.data.secondary.map((email) => (
            <li key={email} className="row between">
              <span>{email}</span>
              <Button
                size="small"
                variant="danger"
                busy={remove.isPending && remove.variables?.email === email}
                onClick={() => remove.mutate({ email })}
                aria-label={`Fjern ${email}`}
              >
                Fjern
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FormError error={describeApiError(remove.error)} />
      {confirm.isSuccess ? (
        <Alert tone="success">
          <p>Adressen er lagt til.</p>
        </Alert>
      ) : null}
      {sentTo ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            confirm.mutate({ code });
          }}
          noValidate
        >
          <Alert tone="info">
            <p>
              Vi har sendt en bekreftelse til <strong>{sentTo}</strong>. Åpne lenken i e-posten, eller skriv inn koden
              her.
            </p>
          </Alert>
          <CodeInput
            label="Kode fra e-posten"
            name="code"
            value={code}
            onChange={setCode}
            error={fieldError(confirmError, 'code', ['INVALID_LINK', 'INVALID_CODE'])}
          />
          <FormError error={confirmError} fields={['code']} fieldCodes={['INVALID_LINK', 'INVALID_CODE']} />
          <div className="row">
            <Button type="submit" busy={confirm.isPending} disabled={code.length !== 6}>
              Bekreft adressen
            </Button>
            <Button variant="link" onClick={() => setSentTo(null)}>
              Avbryt
            </Button>
          </div>
        </form>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate({ email: address.trim() });
          }}
          noValidate
          style={{ marginTop: '1rem' }}
        >
          <TextField
            label="Legg til en adresse"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            error={fieldError(addError, 'email', ['CONFLICT'])}
            hint="Du kan da logge inn og bli invitert med den adressen også."
          />
          <FormError error={addError} fields={['email']} fieldCodes={['CONFLICT']} />
          <Button type="submit" variant="secondary" busy={add.isPending}>
            Send bekreftelse
          </Button>
        </form>
      )}
    </Card>
  );
}

function SessionsCard() {
  const trpc = useTRPC();
  const forget = useForgetSession();
  const [, navigate] = useLocation();
  const logout = useMutation(
    trpc.auth.logout.mutationOptions({
      onSettled: () => {
        forget();
        navigate(ROUTES.login);
      },
    }),
  );
  const everywhere = useMutation(trpc.auth.signOutEverywhere.mutationOptions());
  return (
    <Card title="Innlogging">
      {everywhere.isSuccess ? (
        <Alert tone="success">
          <p>Alle andre enheter er logget ut. Du er fortsatt innlogget her.</p>
        </Alert>
      ) : null}
      <FormError error={describeApiError(everywhere.error)} />
      <div className="row">
        <Button variant="secondary" busy={logout.isPending} onClick={() => logout.mutate()}>
          Logg ut
        </Button>
        <Button variant="secondary" busy={everywhere.isPending} onClick={() => everywhere.mutate()}>
          Logg ut på alle andre enheter
        </Button>
      </div>
    </Card>
  );
}

function MergeCard() {
  const trpc = useTRPC();
  const [address, setAddress] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const queryClient = useQueryClient();
  const setUser = useSetUser();
  const request = useMutation(
    trpc.account.requestMerge.mutationOptions({ onSuccess: (_d, input) => setSentTo(input.email) }),
  );
  const confirm = useMutation(
    trpc.account.confirmMerge.mutationOptions({
      onSuccess: ({ user }) => {
        setSentTo(null);
        setCode('');
        setUser(user);
        void queryClient.invalidateQueries();
      },
    }),
  );
  const requestError = describeApiError(request.error);
  const confirmError = describeApiError(confirm.error);
  return (
    <Card title="Slå sammen kontoer">
      <p className="small muted">
        Har du en annen konto med en annen e-postadresse? Runder, klubber, baner og adresser flyttes hit, og den andre
        kontoen slettes.
      </p>
      {confirm.isSuccess ? (
        <Alert tone="success">
          <p>
            Kontoene er slått sammen: {confirm.data.moved.rounds} runder, {confirm.data.moved.memberships}{' '}
            klubbmedlemskap og {confirm.data.moved.courses} baner ble flyttet hit.
          </p>
        </Alert>
      ) : null}
      {sentTo ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            confirm.mutate({ code });
          }}
          noValidate
        >
          <Alert tone="info">
            <p>
              Vi har sendt en bekreftelse til <strong>{sentTo}</strong>. Åpne lenken, eller skriv inn koden her.
            </p>
          </Alert>
          <CodeInput
            label="Kode fra e-posten"
            name="code"
            value={code}
            onChange={setCode}
            error={fieldError(confirmError, 'code', ['INVALID_LINK', 'INVALID_CODE'])}
          />
          <FormError error={confirmError} fields={['code']} fieldCodes={['INVALID_LINK', 'INVALID_CODE']} />
          <div className="row">
            <Button type="submit" busy={confirm.isPending} disabled={code.length !== 6}>
              Slå sammen
            </Button>
            <Button variant="link" onClick={() => setSentTo(null)}>
              Avbryt
            </Button>
          </div>
        </form>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            request.mutate({ email: address.trim() });
          }}
          noValidate
        >
          <TextField
            label="E-postadressen til den andre kontoen"
            type="email"
            name="email"
            inputMode="email"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            error={fieldError(requestError, 'email', ['EMAIL_NOT_FOUND', 'CONFLICT'])}
          />
          <FormError error={requestError} fields={['email']} fieldCodes={['EMAIL_NOT_FOUND', 'CONFLICT']} />
          <Button type="submit" variant="secondary" busy={request.isPending}>
            Send bekreftelse
          </Button>
        </form>
      )}
    </Card>
  );
}
