/**
 * The rule between a host contract version and the range a remote needs (issue 57): the shell
 * applies it before rendering a remote, the api's release gate before a build may go live.
 */
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
