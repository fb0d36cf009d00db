import { addNorwegian } from '../../add-messages';

/** Norwegian texts of one area, loaded with the screens that use them (decision 0020). */
export const chat = {
  loadingChat: 'Henter lagpraten …',
  title: 'Lagprat',
  titleOf: 'Lagprat – {{name}}',
  toClubs: 'Til klubbene',
  toClub: 'Til klubben',
  offline: 'Forbindelsen er brutt. Meldinger som kommer i mellomtiden, vises når den er tilbake.',
  backOnline: 'Tilkoblet igjen. Du har fått med deg alt som kom mens du var frakoblet.',
  messages: 'Meldinger',
  loadingMessages: 'Henter meldinger …',
  start: 'Starten av samtalen',
  empty: 'Ingen meldinger ennå. Si hei!',
  older: 'Vis eldre meldinger',
  edited: 'redigert',
  deleted: 'Meldingen er slettet.',
  editLabel: 'Rediger meldingen',
  save: 'Lagre',
  cancel: 'Avbryt',
  confirmDelete: 'Slette meldingen?',
  yesDelete: 'Ja, slett',
  no: 'Nei',
  edit: 'Rediger',
  delete: 'Slett',
  write: 'Skriv en melding',
  writePlaceholder: 'Skriv en melding …',
  send: 'Send',
  keys: 'Enter sender, Shift+Enter gir ny linje.',
  keysTouch: 'Enter sender meldingen.',
  unread: 'uleste meldinger',
} as const;

addNorwegian({ chat });
