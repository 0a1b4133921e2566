/**
 * Booleans as TON Center reads every one of them (Go's strconv.ParseBool): exactly these spellings, any other
 * is refused. One vocabulary for route parameters and control settings alike.
 */
export const TRUE_SPELLINGS = ['1', 't', 'T', 'TRUE', 'true', 'True'] as const;
export const FALSE_SPELLINGS = ['0', 'f', 'F', 'FALSE', 'false', 'False'] as const;

const BOOLEANS = new Map<string, boolean>([...TRUE_SPELLINGS.map((s) => [s, true] as const), ...FALSE_SPELLINGS.map((s) => [s, false] as const)]);

/** The value of a boolean as written; undefined: not a boolean. */
export const parseBoolean = (raw: string): boolean | undefined => BOOLEANS.get(raw);
