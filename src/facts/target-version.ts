/** The server versions whose facts the linter knows, and the one it assumes. */
import type { METHODS } from '../model/methods';

/** Server versions whose facts differ (forbidden properties; CreateShadowLink exists from 25.3). */
export type TargetVersion = '25.3' | '26.1';

/** The target versions the linter knows, oldest first. */
export const TARGET_VERSIONS: readonly TargetVersion[] = ['25.3', '26.1'];

/** The newest version the linter knows (what a server newer than every known one is linted as). */
export const NEWEST_TARGET_VERSION: TargetVersion = TARGET_VERSIONS[TARGET_VERSIONS.length - 1]!;

/** The version linted against when none is named. */
export const DEFAULT_TARGET_VERSION: TargetVersion = '26.1';

type KnownVersions<T extends Record<string, TargetVersion | null>> = T;

/** Every method's first version is a version the linter knows: a row naming another does not compile. */
export type MethodVersions = KnownVersions<{ [N in keyof typeof METHODS]: (typeof METHODS)[N]['since'] }>;
