/** Which linter facts apply to a server, from the version GetBroker reports (`buildInfo.version`). */
import { NEWEST_TARGET_VERSION, TARGET_VERSIONS, type TargetVersion } from '../facts/target-version';
import { METHODS, type MethodName } from '../model/methods';

/** The first server version with shadow links: CreateShadowLink's `since` in the method table. */
export const FIRST_SHADOW_LINK_VERSION: TargetVersion = METHODS.CreateShadowLink.since;

/** What a reported version means for linting. */
export type VersionDecision =
  | { kind: 'known'; reported: string; target: TargetVersion }
  /** Newer than any version the linter knows, or between two known ones: the closest known facts apply. */
  | { kind: 'approximate'; reported: string; target: TargetVersion; message: string }
  /** Older than the first version that has the method (its `since` in the method table). */
  | { kind: 'too-old'; reported: string; target: TargetVersion; message: string };

const rank = (major: number, minor: number): number => major * 1000 + minor;
const parseTarget = (t: TargetVersion): number => {
  const [major, minor] = t.split('.').map(Number) as [number, number];
  return rank(major, minor);
};

/**
 * Maps a reported version (`v26.1.3`, `26.1.0-rc2`, `v0.0.0-dev`) to the linter's facts, for a call
 * of `method` (default CreateShadowLink): a server older than the method's `since` is `too-old`. A
 * version that cannot be read, or an unstamped `0.0.0` build, is treated as the newest known.
 */
export function decideVersion(reported: string, method: MethodName = 'CreateShadowLink'): VersionDecision {
  const newest = NEWEST_TARGET_VERSION;
  const shown = JSON.stringify(reported.slice(0, 60));
  const m = /^v?(\d{1,4})\.(\d{1,4})(?:\.\d{1,6})?(?:[-+][0-9A-Za-z.+-]*)?$/.exec(reported.trim());
  if (!m || (m[1] === '0' && m[2] === '0')) {
    return {
      kind: 'approximate',
      reported,
      target: newest,
      message: `The server reports version ${shown}, which is not a release version; linting with the facts of the newest known version, ${newest}.`,
    };
  }
  const r = rank(Number(m[1]), Number(m[2]));
  const label = `${Number(m[1])}.${Number(m[2])}`;
  // The method's minimum first: a version the linter knows may still be older than the method.
  const { since, feature } = METHODS[method];
  if (since !== null && r < parseTarget(since as TargetVersion)) {
    return {
      kind: 'too-old',
      reported,
      target: since as TargetVersion,
      message: `The server runs ${label} (${shown}), which has no ${feature}: ${method} exists from ${since} on. Upgrade the cluster; nothing was sent.`,
    };
  }
  const exact = TARGET_VERSIONS.find((t) => parseTarget(t) === r);
  if (exact) return { kind: 'known', reported, target: exact };
  const oldest = TARGET_VERSIONS[0]!;
  if (r < parseTarget(oldest)) {
    return {
      kind: 'approximate',
      reported,
      target: oldest,
      message: `The server runs ${label}, older than any version this linter has facts for; linting with the facts of ${oldest}, the oldest it knows.`,
    };
  }
  // The closest known version at or below the reported one.
  const below = [...TARGET_VERSIONS].reverse().find((t) => parseTarget(t) < r)!;
  return {
    kind: 'approximate',
    reported,
    target: below,
    message:
      below === newest
        ? `The server runs ${label}, newer than any version this linter knows (newest ${newest}); linting with the ${newest} facts, which may miss what ${label} changed.`
        : `The server runs ${label}, which this linter has no facts for; linting with the facts of ${below}, the closest older version it knows.`,
  };
}
