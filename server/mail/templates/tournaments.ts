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
