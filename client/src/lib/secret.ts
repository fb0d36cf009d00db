/** A base32 secret in groups of four for typing by hand: "JBSW Y3DP EHPK 3PXP". */
export function groupSecret(secret: string, size = 4): string {
  const clean = secret.replace(/[\s=]/g, '').toUpperCase();
  const groups: string[] = [];
  for (let i = 0; i < clean.length; i += size) groups.push(clean.slice(i, i + size));
  return groups.join(' ');
}

/** The text file of recovery codes offered for download. */
export function recoveryCodesFile(codes: readonly string[], email: string | null, date: Date): string {
  return [
    'Hullvis – gjenopprettingskoder',
    email ? `Konto: ${email}` : null,
    `Laget: ${date.toISOString().slice(0, 10)}`,
    '',
    'Hver kode kan brukes én gang i stedet for tofaktorkoden.',
    'Oppbevar dem trygt, adskilt fra telefonen.',
    '',
    ...codes,
    '',
  ]
    .filter((line) => line !== null)
    .join('\n');
}
