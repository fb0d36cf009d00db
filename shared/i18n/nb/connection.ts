/** The live connection’s state in Norwegian: in the main chunk. */
export const connection = {
  live: 'Direkte',
  connecting: 'Kobler til …',
  offline: 'Frakoblet – prøver igjen',
} as const;
