import { useLanguage } from '../../i18n';
import { trpc } from '../../trpc';

/** At most this many clubs are watched live for the badge (a socket holds 20 subscriptions); the rest by polling. */
const WATCHED_CLUBS = 8;
const POLL_MS = 30_000;

/** Asks for the counts again whenever something is said in one of the user's clubs. */
function Watch({ organizationId }: { organizationId: string }) {
  const utils = trpc.useUtils();
  trpc.chat.onMessage.useSubscription(
    { organizationId },
    { onData: (event) => event.data.kind === 'message' && void utils.chat.unreadAll.invalidate() },
  );
  return null;
}

/**
 * The unread team-chat messages of all the user's clubs (chat.unreadAll), as a badge on "Klubber" in the
 * navigation: kept current by a live subscription per club (the first few) and by polling.
 */
export default function UnreadBadge() {
  const { t } = useLanguage();
  const unread = trpc.chat.unreadAll.useQuery(undefined, { refetchInterval: POLL_MS, staleTime: 5_000 });
  const clubs = unread.data?.organizations ?? [];
  const total = clubs.reduce((sum, c) => sum + c.unread, 0);
  return (
    <>
      {clubs.slice(0, WATCHED_CLUBS).map((c) => (
        <Watch key={c.organizationId} organizationId={c.organizationId} />
      ))}
      {total > 0 ? (
        <span className="nav-badge" data-testid="unread-badge">
          {total > 99 ? '99+' : total}
          <span className="visually-hidden"> {t('chat.unread')}</span>
        </span>
      ) : null}
    </>
  );
}
