import { lookup } from 'node:dns/promises';
export const systemResolve = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
//# sourceMappingURL=resolve.js.map