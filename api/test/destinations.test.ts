import { destinationOf, oneEndpointPerDestination } from '../src/receiver/destinations.js';

const endpoint = (userAccountId: number, url: string) => ({
  userAccountId,
  url,
  eventTypes: ['EMAIL_REPLY'],
});

describe('one delivery per destination', () => {
  it('compares endpoints by origin and path, not by the whole string', () => {
    expect(destinationOf('https://Hooks.Example.com:443/in?a=1#x')).toBe(
      'https://hooks.example.com/in',
    );
    expect(destinationOf('https://hooks.example.com/in/')).toBe('https://hooks.example.com/in/');
  });

  it('keeps the first endpoint of each destination, in order', () => {
    const endpoints = [
      endpoint(1, 'https://hooks.example.com/in?n=1'),
      endpoint(2, 'https://other.example.com/in'),
      ...Array.from({ length: 48 }, (_, i) =>
        endpoint(3 + i, `https://hooks.example.com/in?n=${i + 2}`),
      ),
      endpoint(60, 'https://hooks.example.com/elsewhere'),
      endpoint(61, 'http://hooks.example.com/in'),
    ];
    expect(oneEndpointPerDestination(endpoints).map((kept) => kept.userAccountId)).toEqual([
      1, 2, 60, 61,
    ]);
  });
});
