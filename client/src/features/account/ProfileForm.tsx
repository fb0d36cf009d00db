import { useState, type FormEvent, type ReactNode } from 'react';
import { describeApiError, fieldError } from '../../lib/api-error';
import { formatHandicapIndex, parseHandicapIndex } from '../../lib/handicap';
import { useSetUser, type User } from '../../session/useSession';
import { useLanguage } from '../../i18n';
import { trpc } from '../../trpc';
import { Alert, Button, FormError, TextField } from '../../ui';

/**
 * Name and handicap index, saved with account.updateProfile (the server's messages shown at the fields).
 * The account screen's profile, and the home screen's question to a new user, who must give a name there:
 * with `nameRequired` an empty name goes to the server as typed (its "cannot be empty"), not as "clear it".
 */
export function ProfileForm({
  user,
  submitLabel,
  nameRequired = false,
  savedMessage,
  children,
}: {
  user: User;
  submitLabel: string;
  nameRequired?: boolean;
  /** Shown after a save; the home screen leaves it out, since the greeting itself changes. */
  savedMessage?: string;
  /** Between the fields and the button (a short explanation). */
  children?: ReactNode;
}) {
  const { t, language } = useLanguage();
  const updateMe = useSetUser();
  const [name, setName] = useState(user.name ?? '');
  const [index, setIndex] = useState(() =>
    user.handicapIndex === null ? '' : formatHandicapIndex(user.handicapIndex, language),
  );
  const [localError, setLocalError] = useState<string | null>(null);
  const save = trpc.account.updateProfile.useMutation({ onSuccess: ({ user: updated }) => updateMe(updated) });
  const error = describeApiError(save.error);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = parseHandicapIndex(index, t);
    if (!parsed.ok) {
      setLocalError(parsed.message);
      return;
    }
    setLocalError(null);
    const trimmed = name.trim();
    save.mutate({ name: trimmed === '' && !nameRequired ? null : trimmed, handicapIndex: parsed.value });
  }

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label={t('account.name')}
        name="name"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={fieldError(error, 'name')}
      />
      <TextField
        label={t('account.handicapIndex')}
        name="handicapIndex"
        inputMode="decimal"
        hint={t('account.handicapHint')}
        value={index}
        onChange={(e) => setIndex(e.target.value)}
        error={localError ?? fieldError(error, 'handicapIndex')}
      />
      {children}
      <FormError error={error} fields={['name', 'handicapIndex']} />
      {save.isSuccess && savedMessage ? (
        <Alert tone="success">
          <p>{savedMessage}</p>
        </Alert>
      ) : null}
      <Button type="submit" busy={save.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
