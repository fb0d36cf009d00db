import { useLanguage } from '../../i18n';
import { shownName } from '../../i18n/names';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { FeedItem } from '../../../../shared/schemas/feed';
import { HIGHLIGHT_LABEL, KIND_LABEL, feedTime, fullTime, placesOf, positionText, totalText } from './feed-format';
import { shownText } from './feed-sentence';
import { itemLink } from './feed-state';
import './feed.css';

/** The time now, renewed every `everyMs`: "for 5 min siden" keeps up while the screen is open. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Items of the feed, newest first: each one's sentence, what fits its kind, its time, and where it leads. */
export function FeedList({ items, now }: { items: readonly FeedItem[]; now: Date }) {
  return (
    <ul className="list feed" data-testid="feed-items">
      {items.map((item) => (
        <li key={item.id} className={`feed-item ${item.kind}`} data-kind={item.kind}>
          <FeedEntry item={item} now={now} />
        </li>
      ))}
    </ul>
  );
}

function FeedEntry({ item, now }: { item: FeedItem; now: Date }) {
  const link = itemLink(item);
  const { t, language } = useLanguage();
  const label = item.highlight ? HIGHLIGHT_LABEL[language][item.highlight.label] : KIND_LABEL[language][item.kind];
  const text = shownText(item, language);
  return (
    <article aria-label={text}>
      <p className="feed-head">
        <span className={item.highlight ? 'badge highlight' : 'badge'}>{label}</span>
        <time className="small muted" dateTime={item.at} title={fullTime(item.at, language)}>
          {feedTime(item.at, now, language)}
        </time>
      </p>
      <p className="feed-text">{text}</p>
      {item.highlight ? (
        <p className="small muted">
          {t('feed.highlight', {
            hole: item.highlight.hole,
            par: item.highlight.par,
            count: item.highlight.strokes,
          })}
        </p>
      ) : null}
      {item.podium?.length ? (
        <div className="feed-podium">
          {item.podium.map((division, d) => {
            // A division's name labels its list rather than heading it: the feed's items sit under the page's
            // h1 without headings of their own, so an h3 here would skip a level for a screen reader.
            const named = item.podium!.length > 1 || division.division;
            const nameId = `${item.id}-division-${d}`;
            return (
              <div key={division.division}>
                {named ? (
                  <p className="small feed-division" id={nameId}>
                    {division.division}
                  </p>
                ) : null}
                <ol className="feed-places" aria-labelledby={named ? nameId : undefined}>
                  {division.places.map((place, i) => (
                    <li key={`${place.position}-${place.name}-${i}`}>
                      <span className="pos">{positionText(place.position)}</span>
                      <span className="name">{shownName(place.name, language)}</span>
                      <span className="total">{totalText(place.total, item, language)}</span>
                    </li>
                  ))}
                </ol>
              </div>
            );
          })}
        </div>
      ) : null}
      {item.players?.length ? (
        <ol className="feed-places">
          {item.players.map((player, i, all) => (
            <li key={`${player.name}-${i}`}>
              <span className="pos">{placesOf(all.map((p) => p.total))[i]}</span>
              <span className="name">{shownName(player.name, language)}</span>
              <span className="total">{totalText(player.total, item, language)}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {link && item.tournament ? (
        <p className="feed-where">
          <Link href={link} className="feed-link">
            {item.tournament.name}
          </Link>
          {item.organization ? <span className="small muted"> · {item.organization.name}</span> : null}
        </p>
      ) : null}
    </article>
  );
}
