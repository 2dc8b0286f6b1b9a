import { HOST_CONTRACT_RANGE, HOST_CONTRACT_VERSION, hostContractMeets } from './version';

describe('host contract versions', () => {
  it('meets a range of the same major and an older or equal minor and patch', () => {
    expect(hostContractMeets(HOST_CONTRACT_VERSION, HOST_CONTRACT_RANGE)).toBe(true);
    expect(hostContractMeets('1.4.0', '^1.2.3')).toBe(true);
    expect(hostContractMeets('1.2.3', '^1.2.3')).toBe(true);
  });

  it('does not meet a newer minor or patch, another major, or a range it cannot read', () => {
    expect(hostContractMeets('1.2.2', '^1.2.3')).toBe(false);
    expect(hostContractMeets('1.1.9', '^1.2.0')).toBe(false);
    expect(hostContractMeets('2.0.0', '^1.0.0')).toBe(false);
    expect(hostContractMeets('1.0.0', '^2.0.0')).toBe(false);
    expect(hostContractMeets('1.0.0', '>=1')).toBe(false);
  });
});
