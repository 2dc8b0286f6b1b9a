/**
 * The host contract's version (issue 57): a new optional member is a minor step, a change that a
 * remote built before cannot take is a major one. The shell gives this version; a remote states the
 * range it needs, which is the caret range of the version it was built with.
 */
export const HOST_CONTRACT_VERSION = '1.0.0';
export const HOST_CONTRACT_RANGE = `^${HOST_CONTRACT_VERSION}`;

const parse = (version: string): number[] | undefined => {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return match ? match.slice(1).map(Number) : undefined;
};

/**
 * Whether a host contract of `version` gives what a remote needing `range` (`^major.minor.patch`)
 * uses: the same major and at least its minor and patch. A range of another form is never met.
 */
export function hostContractMeets(version: string, range: string): boolean {
  const given = parse(version);
  const needed = range.startsWith('^') ? parse(range.slice(1)) : undefined;
  if (!given || !needed) return false;
  const [major, minor, patch] = given as [number, number, number];
  const [needMajor, needMinor, needPatch] = needed as [number, number, number];
  if (major !== needMajor) return false;
  return minor !== needMinor ? minor > needMinor : patch >= needPatch;
}
