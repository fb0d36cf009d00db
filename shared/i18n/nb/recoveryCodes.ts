/** Norwegian texts of one area, loaded by the screens that use them (decision 0024). */
export const recoveryCodes = {
  continue: 'Fortsett',
  saveNow: 'Lagre disse kodene nå.',
  why: 'Mister du telefonen eller tilgangen til e-posten, kan du logge inn med én av dem. De vises bare denne ene gangen.',
  listLabel: 'Gjenopprettingskoder',
  copy: 'Kopier kodene',
  download: 'Last ned som fil',
  copied: 'Kopiert.',
  copyFailed: 'Kunne ikke kopiere automatisk: kodene er merket, kopier dem selv.',
  saved: 'Jeg har lagret gjenopprettingskodene et trygt sted',
  tickFirst: 'Kryss av over når kodene er lagret.',
} as const;
