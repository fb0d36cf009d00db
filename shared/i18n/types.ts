/**
 * The shape every catalogue follows (decision 0020, docs/architecture.md "Texts"): one file per area and
 * language under shared/i18n/<language>/, the Norwegian file the reference. An English area is typed
 * `Texts<typeof nbArea>`, so a key missing or misspelt in English fails the type check.
 */
export type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** The dotted paths to every text of an area ("notFound.course"), for typing keys. */
export type TextKey<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : TextKey<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Values a text interpolates (`{{name}}`), counts for plurals (`count`) and lists (`{{holes, list}}`). */
export type TextParams = Readonly<Record<string, string | number | readonly string[] | readonly number[]>>;
