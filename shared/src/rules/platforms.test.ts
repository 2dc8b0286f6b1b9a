import {
  isSocialPlatform,
  noApiKeyHint,
  platformLabel,
  platformOptions,
  platformsMatching,
  toPlatform,
} from './platforms';

describe('platforms (spec §3)', () => {
  it('names each platform, bison as EmailBison', () => {
    expect(platformLabel('smartlead')).toBe('Smartlead');
    expect(platformLabel('instantly')).toBe('Instantly');
    expect(platformLabel('bison')).toBe('EmailBison');
    expect(platformLabel('heyreach')).toBe('HeyReach');
  });
  it("says where to add a missing key, by the platform's name", () => {
    expect(noApiKeyHint('instantly')).toBe('No Instantly API key yet: add one in API keys');
    expect(noApiKeyHint('heyreach')).toBe('No HeyReach API key yet: add one in API keys');
  });
  it('offers the four platforms in order', () => {
    expect(platformOptions.map((option) => option.value)).toEqual([
      'smartlead',
      'instantly',
      'bison',
      'heyreach',
    ]);
  });
  it('reads a select value as a platform or null', () => {
    expect(toPlatform('bison')).toBe('bison');
    expect(toPlatform('')).toBeNull();
    expect(toPlatform('hubspot')).toBeNull();
  });
  it('knows heyreach is the social platform', () => {
    expect(isSocialPlatform('heyreach')).toBe(true);
    expect(isSocialPlatform('smartlead')).toBe(false);
  });

  it('finds the platforms a search names by the label shown or the stored value, in any case', () => {
    expect(platformsMatching('EmailBison')).toEqual(['bison']);
    expect(platformsMatching('email bison')).toEqual(['bison']);
    expect(platformsMatching('Bison')).toEqual(['bison']);
    expect(platformsMatching('HeyReach')).toEqual(['heyreach']);
    expect(platformsMatching('Smartlead')).toEqual(['smartlead']);
    expect(platformsMatching('INSTANTLY')).toEqual(['instantly']);
    expect(platformsMatching('in')).toEqual(['instantly']);
    expect(platformsMatching('a')).toEqual(['smartlead', 'instantly', 'bison', 'heyreach']);
    expect(platformsMatching('  ')).toEqual([]);
    expect(platformsMatching('jane@acme.test')).toEqual([]);
  });
});
