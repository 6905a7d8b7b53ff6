/* eslint-disable @typescript-eslint/no-require-imports -- the provisioning script is shared with plain-Node scripts */
const provision: { freePort: () => Promise<number> } = require('../../scripts/lib/provision.cjs');

export const freePort = (): Promise<number> => provision.freePort();
