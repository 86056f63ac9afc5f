import { fittedListHeight } from './useFitOnPhone';

describe('fittedListHeight', () => {
  it('gives the list what the viewport leaves over the composer and the tab bar', () => {
    // 812 px phone: the list starts at 260 (bar, banner, heading); composer 116; tab bar 88.
    expect(
      fittedListHeight({ viewportHeight: 812, listTop: 260, below: 116, bottomInset: 88 }),
    ).toBe(348);
  });

  it('a banner above takes its height from the list, not from the composer', () => {
    const without = fittedListHeight({
      viewportHeight: 812,
      listTop: 220,
      below: 116,
      bottomInset: 88,
    });
    const withBanner = fittedListHeight({
      viewportHeight: 812,
      listTop: 260,
      below: 116,
      bottomInset: 88,
    });
    expect(without - withBanner).toBe(40);
  });

  it('keeps a readable list on a very small screen (the composer then sticks above the tabs)', () => {
    expect(
      fittedListHeight({ viewportHeight: 480, listTop: 300, below: 116, bottomInset: 88 }),
    ).toBe(160);
  });
});
