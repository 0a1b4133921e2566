/** Column types as the database returns them: int8 and numeric as exact decimal strings. */
export type Int64 = string;
export type ExtraCurrencies = Record<string, string>;
