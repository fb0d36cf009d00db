import { addNorwegian } from '../../add-messages';

/** The handicap screen's texts in Norwegian (the keys of ../en/handicap.ts). */
export const handicap = {
  title: 'Handicap',
  loading: 'Henter handicapregisteret …',
  playsOff: 'Du spiller på',
  playsOffEntered: 'Indeksen du har skrevet inn',
  playsOffCalculated: 'Indeksen beregnet fra scorene dine',
  calculatedNotYet:
    'Du har valgt beregnet indeks, men den finnes først når du har tre scorer. Til da spiller du på indeksen du har skrevet inn.',
  choose: 'Spill på',
  entered: 'Innskrevet',
  calculated: 'Beregnet',
  noIndex: 'ingen ennå',
  choiceHint: 'Runder og turneringer som ikke har startet ennå, bruker valget ditt.',
  saved: 'Lagret. Du spiller nå på {{index}}.',
  facts: 'Indeksene dine',
  calculatedIndex: 'Beregnet indeks',
  lowIndex: 'Low HI',
  lowIndexHint: 'den laveste indeksen det siste året',
  enteredIndex: 'Innskrevet indeks',
  changeEntered: 'Endre under Konto',
  noCalculated: 'Den beregnes når du har tre scorer.',
  pcc: 'PCC er alltid 0: Hullvis beregner ikke dagens spilleforhold, så ingen score justeres for vær eller bane.',
  chart: {
    title: 'Indeksen over tid',
    summary:
      'Beregnet indeks fra {{first}} ({{firstDate}}) til {{last}} ({{lastDate}}), lavest {{lowest}} ({{lowestDate}}).',
    single: 'Beregnet indeks {{index}} fra {{date}}.',
    none: 'Kurven kommer når indeksen er beregnet, etter tre scorer.',
    table: 'Den beregnede indeksen, dag for dag',
    date: 'Dato',
    index: 'Indeks',
  },
  scores: {
    title: 'Siste scorer',
    intro: 'De 20 siste, nyeste først. Scorene merket «Teller» gir indeksen.',
    list: 'Scorene i handicapregisteret',
    counting: 'Teller',
    differential: 'Differanse',
    noDifferential: 'venter',
    adjustedGross: 'Justert brutto {{value}}',
    attestedBy: 'Attestert av {{name}}',
    courseTee: '{{course}}, tee {{tee}}',
    tournament: 'Turnering: {{name}}',
    exceptional_one: 'Eksepsjonell score: indeksen senket med {{count}}',
    exceptional_other: 'Eksepsjonell score: indeksen senket med {{count}}',
    nineWaiting: '9 hull: får differanse sammen med neste 9-hullsscore',
    nineCombined: '9 hull, slått sammen med 9 hull {{date}}',
    nineCombinedOther: '9 hull, slått sammen med en annen 9-hullsscore',
    emptyTitle: 'Ingen scorer ennå',
    emptyHint:
      'Når en runde er avsluttet, attesterer en medspiller med konto kortet ditt på rundesiden. Da kommer scoren hit, og etter tre scorer beregnes indeksen din.',
    toRounds: 'Til rundene',
  },
} as const;

addNorwegian({ handicap });
