/** How final a trace or transaction is, from the emulator's first sight to a finalized masterchain block. */
export type Finality = 'pending' | 'confirmed' | 'finalized';

/** The emulator's finality codes (0, 1, 2), in order. */
export const FINALITIES: readonly Finality[] = ['pending', 'confirmed', 'finalized'];
