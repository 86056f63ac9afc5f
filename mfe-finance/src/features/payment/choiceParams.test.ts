import { PAYMENT_REFUSED_PARAM } from '@lms/shared';
import { choiceFrom, REFUSED_PARAM, withChoice } from './choiceParams';

describe('the payment choice in the address', () => {
  it('reads ids and ignores anything else', () => {
    const params = new URLSearchParams('service=2&year=26&group=abc&payment=7');
    expect(choiceFrom(params, 'service')).toBe(2);
    expect(choiceFrom(params, 'year')).toBe(26);
    expect(choiceFrom(params, 'group')).toBeNull();
    expect(choiceFrom(params, 'missing')).toBeNull();
  });

  it('sets and removes choices, keeping the other parameters', () => {
    const params = new URLSearchParams('service=2&group=5&payment=7');
    const next = withChoice(params, { year: 25, group: null });
    expect(next.toString()).toBe('service=2&payment=7&year=25');
    expect(params.toString()).toBe('service=2&group=5&payment=7');
  });
});

test("the provider's refusal parameter is the contract's", () => {
  expect(REFUSED_PARAM).toBe(PAYMENT_REFUSED_PARAM);
});
