import { formatDateTime } from '../../../shared/format/dates';
import { LOCALES } from '../../../shared/language';
import type { Language } from '../../../shared/values';
import type { MailMessage } from '../mailer';
import { mailWords, textMail } from '../words';

/** A place came free and this entry, next on the waiting list, moved into the field (decision 0427). */
export function waitingListPlaceMail(input: {
  to: string;
  tournamentName: string;
  clubName: string;
  /** The team's name, for a player of a team. */
  teamName: string | null;
  link: string;
  language: Language;
}): MailMessage {
  const t = mailWords(input.language);
  const what = { tournament: input.tournamentName, club: input.clubName };
  return textMail(input.to, t('waitingList.subject', what), [
    input.teamName ? t('waitingList.movedTeam', { ...what, team: input.teamName }) : t('waitingList.moved', what),
    '',
    t('waitingList.see'),
    input.link,
    '',
    t('waitingList.cannot'),
    '',
    t('common.signature'),
  ]);
}

/** One round's start as a player is told it: when, from which tee, and with whom. */
export interface StartToTell {
  round: number;
  startsAt: Date;
  tee: 1 | 10;
  /** The others in the group, team-mates included, as the start list names them. */
  partners: readonly string[];
}

/**
 * A player's start times (decision 0428): on publication every round they have a start in, and on a later
 * change only the rounds whose time or tee moved. The same words go by mail and, shortened to the title and
 * the starts, by push.
 */
export function startTimeMail(input: {
  to: string;
  tournamentName: string;
  clubName: string;
  /** True when the player had been told of one of these rounds before. */
  changed: boolean;
  /** More than one round in the tournament: each start names its round. */
  severalRounds: boolean;
  starts: readonly StartToTell[];
  link: string;
  language: Language;
}): { mail: MailMessage; push: { title: string; body: string } } {
  const t = mailWords(input.language);
  const what = { tournament: input.tournamentName, club: input.clubName };
  const names = new Intl.ListFormat(LOCALES[input.language], { type: 'conjunction' });
  const startLines = input.starts.map((s) => {
    const when = { time: formatDateTime(s.startsAt, input.language), tee: s.tee, round: s.round };
    const start = input.severalRounds ? t('startList.roundStart', when) : t('startList.start', when);
    const partners =
      s.partners.length > 0 ? t('startList.partners', { names: names.format(s.partners) }) : t('startList.noPartners');
    return `${start} ${partners}`;
  });
  const subject = t(input.changed ? 'startList.changedSubject' : 'startList.subject', what);
  const mail = textMail(input.to, subject, [
    t(input.changed ? 'startList.changed' : 'startList.published', what),
    '',
    ...startLines,
    '',
    t('startList.see'),
    input.link,
    '',
    t('common.signature'),
  ]);
  return { mail, push: { title: subject, body: startLines.join('\n') } };
}
