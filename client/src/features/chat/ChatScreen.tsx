import { useLanguage } from '../../i18n';
import { shownName } from '../../i18n/names';
import {
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type TextareaHTMLAttributes,
} from 'react';
import { Link, useParams } from 'wouter';
import type { ChatMessage } from '../../../../shared/schemas/chat';
import { describeApiError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { useSession } from '../../session/useSession';
import { trpc } from '../../trpc';
import { Alert, Button, FormError, Loading, Page } from '../../ui';
import { canSend, messageTime, sendsOnKey } from './chat-state';
import { useChat } from './useChat';
import { ClubPage } from '../orgs/ClubPage';
import { isAdminRole } from '../orgs/roles';

/** `/klubber/:id/chat`: the club's team chat, for its members. */
export default function ChatScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const { t } = useLanguage();
  return (
    <ClubPage organizationId={id} loading={t('chat.loadingChat')} title={t('chat.title')} backLabel={t('chat.toClubs')}>
      {(club) => <Conversation organizationId={id} name={club.name} admin={isAdminRole(club.role)} />}
    </ClubPage>
  );
}

function Conversation({ organizationId, name, admin }: { organizationId: string; name: string; admin: boolean }) {
  const session = useSession();
  const { t } = useLanguage();
  const me = session.status === 'full' ? session.user.id : null;
  const { state, connection, error, loadOlder, loadingOlder, keep } = useChat(organizationId, { enabled: true });
  const log = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ fromBottom: number; stick: boolean }>({ fromBottom: 0, stick: true });
  const [wasOffline, setWasOffline] = useState(false);
  const [backOnline, setBackOnline] = useState(false);

  // The connection's story: dropped, then back (with what came meanwhile replayed by the server). It is told
  // when the connection changes; what it reads besides (was it offline, is the history loaded) does not
  // start it, hence an effect event.
  const onConnection = useEffectEvent((now: typeof connection) => {
    if (now !== 'live') setWasOffline(true);
    if (now === 'live' && wasOffline && state.older !== undefined) {
      setBackOnline(true);
      const timer = window.setTimeout(() => setBackOnline(false), 4000);
      return () => window.clearTimeout(timer);
    }
    if (now === 'live') setWasOffline(false);
    return undefined;
  });
  useEffect(() => onConnection(connection), [connection]);

  // Before a render: remember where the reader is, so older messages added above do not move the view, and
  // a reader at the bottom stays at the bottom when new ones arrive.
  const onScroll = () => {
    const el = log.current;
    if (!el) return;
    anchor.current = {
      fromBottom: el.scrollHeight - el.scrollTop,
      stick: el.scrollHeight - el.scrollTop - el.clientHeight < 60,
    };
    if (el.scrollTop < 80) void loadOlder();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after every change of the list the log shows
  useLayoutEffect(() => {
    const el = log.current;
    if (!el) return;
    el.scrollTop = anchor.current.stick ? el.scrollHeight : el.scrollHeight - anchor.current.fromBottom;
  }, [state.messages]);

  const failure = describeApiError(error);
  if (failure && (failure.code === 'NOT_ORG_MEMBER' || failure.code === 'FORBIDDEN' || failure.code === 'NOT_FOUND')) {
    return (
      <Page title={t('chat.title')}>
        <Alert tone="error">
          <p>{failure.message}</p>
        </Alert>
        <Link href={ROUTES.orgs}>{t('chat.toClubs')}</Link>
      </Page>
    );
  }
  return (
    <Page title={t('chat.titleOf', { name })}>
      <p className="row between">
        <Link href={ROUTES.org(organizationId)}>{t('chat.toClub')}</Link>
        <span className={`conn ${connection}`} role="status" aria-live="polite" data-testid="connection">
          {t(`connection.${connection}`)}
        </span>
      </p>
      {connection === 'offline' || (connection === 'connecting' && wasOffline && state.older !== undefined) ? (
        <Alert tone="warning">
          <p>{t('chat.offline')}</p>
        </Alert>
      ) : backOnline ? (
        <Alert tone="success">
          <p>{t('chat.backOnline')}</p>
        </Alert>
      ) : null}
      <div
        className="chat-log"
        role="log"
        ref={log}
        onScroll={onScroll}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, and a scrolling region must be reachable by keyboard (axe: scrollable-region-focusable)
        tabIndex={0}
        aria-label={t('chat.messages')}
        data-testid="chat-log"
      >
        {state.older === undefined ? (
          <Loading text={t('chat.loadingMessages')} />
        ) : state.older === null ? (
          <p className="small muted center">{state.messages.length ? t('chat.start') : t('chat.empty')}</p>
        ) : (
          <p className="center">
            <Button size="small" variant="secondary" busy={loadingOlder} onClick={() => void loadOlder()}>
              {t('chat.older')}
            </Button>
          </p>
        )}
        <ol className="messages" aria-live="polite" aria-relevant="additions">
          {state.messages.map((m) => (
            <Message
              key={m.id}
              organizationId={organizationId}
              message={m}
              mine={m.author.userId === me}
              admin={admin}
              onChanged={keep}
            />
          ))}
        </ol>
      </div>
      {failure ? <FormError error={describeApiError(error)} /> : null}
      <Composer organizationId={organizationId} onSent={keep} />
    </Page>
  );
}

function Message({
  organizationId,
  message,
  mine,
  admin,
  onChanged,
}: {
  organizationId: string;
  message: ChatMessage;
  mine: boolean;
  admin: boolean;
  onChanged: (m: ChatMessage) => void;
}) {
  const { t, language } = useLanguage();
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const edit = trpc.chat.edit.useMutation({
    onSuccess: (m) => {
      onChanged(m);
      setEditing(null);
    },
  });
  const remove = trpc.chat.delete.useMutation({
    onSuccess: (m) => {
      onChanged(m);
      setConfirming(false);
    },
  });
  const editId = useId();
  return (
    <li className={mine ? 'message mine' : 'message'} data-testid="message" data-id={message.id}>
      <div className="meta">
        <strong>{shownName(message.author.name, language)}</strong>{' '}
        <span className="small muted">{messageTime(message.createdAt, new Date(), language)}</span>
        {message.editedAt && !message.deleted ? <span className="small muted"> · {t('chat.edited')}</span> : null}
      </div>
      {message.deleted ? (
        <p className="muted deleted">{t('chat.deleted')}</p>
      ) : editing !== null ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (canSend(editing)) edit.mutate({ organizationId, messageId: message.id, text: editing });
          }}
        >
          <MessageInput
            id={editId}
            label={t('chat.editLabel')}
            value={editing}
            onChange={setEditing}
            onSend={() => {
              if (canSend(editing)) edit.mutate({ organizationId, messageId: message.id, text: editing });
            }}
            onEscape={() => setEditing(null)}
            focus
          />
          <FormError error={describeApiError(edit.error)} />
          <div className="row">
            <Button size="small" type="submit" busy={edit.isPending} disabled={!canSend(editing)}>
              {t('chat.save')}
            </Button>
            <Button size="small" variant="secondary" onClick={() => setEditing(null)}>
              {t('chat.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <p className="text">{message.text}</p>
      )}
      {!message.deleted && editing === null ? (
        confirming ? (
          <div className="row">
            <span className="small">{t('chat.confirmDelete')}</span>
            <Button
              size="small"
              variant="danger"
              busy={remove.isPending}
              onClick={() => remove.mutate({ organizationId, messageId: message.id })}
            >
              {t('chat.yesDelete')}
            </Button>
            <Button size="small" variant="secondary" onClick={() => setConfirming(false)}>
              {t('chat.no')}
            </Button>
            <FormError error={describeApiError(remove.error)} />
          </div>
        ) : mine || admin ? (
          <div className="row actions">
            {mine ? (
              <Button size="small" variant="link" onClick={() => setEditing(message.text ?? '')}>
                {t('chat.edit')}
              </Button>
            ) : null}
            <Button size="small" variant="link" onClick={() => setConfirming(true)}>
              {t('chat.delete')}
            </Button>
          </div>
        ) : null
      ) : null}
    </li>
  );
}

function Composer({ organizationId, onSent }: { organizationId: string; onSent: (m: ChatMessage) => void }) {
  const { t } = useLanguage();
  const [text, setText] = useState('');
  const inputId = useId();
  const send = trpc.chat.send.useMutation({
    onSuccess: (m) => {
      onSent(m);
      setText('');
    },
  });
  const submit = () => {
    if (canSend(text) && !send.isPending) send.mutate({ organizationId, text });
  };
  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <MessageInput
        id={inputId}
        label={t('chat.write')}
        placeholder={t('chat.writePlaceholder')}
        value={text}
        onChange={setText}
        onSend={submit}
        aria-describedby={`${inputId}-hint`}
      />
      <Button type="submit" busy={send.isPending} disabled={!canSend(text)}>
        {t('chat.send')}
      </Button>
      {/* A phone's keyboard has no Shift+Enter to speak of: it is told only what Enter does. */}
      <p id={`${inputId}-hint`} className="small muted hint">
        <span className="keys-keyboard">{t('chat.keys')}</span>
        <span className="keys-touch">{t('chat.keysTouch')}</span>
      </p>
      <FormError error={describeApiError(send.error)} />
    </form>
  );
}

/** A message's text: Enter sends it (Shift+Enter, or a phone's return key, is a new line: chat-state.ts). */
function MessageInput({
  id,
  label,
  value,
  onChange,
  onSend,
  onEscape,
  focus = false,
  ...rest
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  onSend(): void;
  onEscape?(): void;
  /** Only for editing: the reader just chose "Rediger", and the text to edit is where they are going. */
  focus?: boolean;
} & Pick<TextareaHTMLAttributes<HTMLTextAreaElement>, 'placeholder' | 'aria-describedby'>) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={id}
        className="compose-input"
        rows={2}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (sendsOnKey(e.nativeEvent)) {
            e.preventDefault();
            onSend();
          }
          if (e.key === 'Escape') onEscape?.();
        }}
        // biome-ignore lint/a11y/noAutofocus: set only when the reader asked to edit a message (see `focus`)
        autoFocus={focus}
        {...rest}
      />
    </>
  );
}
