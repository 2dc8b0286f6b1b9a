import { CANARY_PERCENT_MESSAGE, canarySetting } from '../contract/index.js';
import { canaryPercentOf } from './release-canary.js';

describe('a canary’s percentage of users (issue 57)', () => {
  it('takes a whole number from 1 to 99, spaces around it trimmed', () => {
    expect(canaryPercentOf('1')).toEqual({ percent: 1 });
    expect(canaryPercentOf(' 25 ')).toEqual({ percent: 25 });
    expect(canaryPercentOf('99')).toEqual({ percent: 99 });
  });

  it.each(['', '0', '100', '12.5', '-5', 'ten', '1e1', '0x10'])(
    'refuses %j with the message the api gives',
    (text) => {
      expect(canaryPercentOf(text)).toEqual({ field: 'percent', message: CANARY_PERCENT_MESSAGE });
    },
  );

  it('is the api’s own check', () => {
    const refused = canarySetting.safeParse({ version: '1.0.0', percent: 100 });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([CANARY_PERCENT_MESSAGE]);
  });
});
