import { useState } from 'react';
import { useLanguage } from '../../../i18n';
import { describeApiError, fieldError } from '../../../lib/api-error';
import { parseHandicapIndex } from '../../../lib/handicap';
import { Button, FormError, TextField } from '../../../ui';

/** A guest by name and Handicap Index; the index is checked here before the server checks it again. */
export function AddGuest({
  busy,
  error,
  onEnter,
}: {
  busy: boolean;
  error: unknown;
  onEnter(guest: { name: string; handicapIndex: number }): void;
}) {
  const { t: tr } = useLanguage();
  const [name, setName] = useState('');
  const [index, setIndex] = useState('');
  const [mine, setMine] = useState<string | null>(null);
  const server = describeApiError(error);
  return (
    <form
      className="side-box"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = parseHandicapIndex(index, tr);
        if (!parsed.ok || parsed.value === null) {
          setMine(parsed.ok ? tr('tournaments.admin.guestIndexMissing') : parsed.message);
          return;
        }
        setMine(null);
        onEnter({ name, handicapIndex: parsed.value });
        setName('');
        setIndex('');
      }}
    >
      <div className="grid-2">
        <TextField
          label={tr('tournaments.admin.guestName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fieldError(server, 'guest.name')}
        />
        <TextField
          label={tr('tournaments.admin.guestIndex')}
          inputMode="decimal"
          value={index}
          onChange={(e) => setIndex(e.target.value)}
          error={mine ?? fieldError(server, 'guest.handicapIndex')}
        />
      </div>
      <FormError error={server} fields={['guest.name', 'guest.handicapIndex']} />
      <Button type="submit" size="small" variant="secondary" busy={busy}>
        {tr('tournaments.admin.enterGuest')}
      </Button>
    </form>
  );
}
