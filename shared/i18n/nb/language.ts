/** The language switch in Norwegian: in the main chunk. */
export const language = {
  label: 'Språk',
  nb: 'Norsk',
  en: 'English',
  followBrowser: 'Som nettleseren',
  saved: 'Språket er lagret.',
  accountHint: 'Språket følger kontoen din på alle enheter. «Som nettleseren» bruker nettleserens språk.',
} as const;
