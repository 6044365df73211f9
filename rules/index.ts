/** Registers every rule module of this folder; a meta test checks that none is missing. */
import type { Rule } from '../src/engine/types';

/** Every rule of the catalogue. */
export const rules: readonly Rule<string>[] = [];
